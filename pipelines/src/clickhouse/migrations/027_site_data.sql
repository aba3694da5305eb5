-- Ludex's own first-party site data (issue 18): page views and sign-ups (site-events.v1), browser error
-- reports (error-reports.v1). The retention promises of the legal pages live in the TTLs: visit
-- statistics and error reports are deleted 3 months after they happened (VISIT_STATS_RETENTION_MONTHS),
-- and a visitor's address is blanked 30 days after the visit (IP_ADDRESS_RETENTION_DAYS, a column TTL:
-- the row stays as a statistic, the address becomes ''). ClickHouse applies TTLs when it merges parts;
-- the scheduled retention job (pipelines/src/retention) runs MATERIALIZE TTL daily so nothing outlives
-- its promise waiting for a merge. tables.test.ts checks these intervals against the constants.
-- ReplacingMergeTree keyed by the message id: a redelivered message replaces itself. Read with FINAL.
CREATE TABLE IF NOT EXISTS site_events
(
    id          String,
    at          DateTime('UTC'),
    event       LowCardinality(String),
    path        String,
    title       String,
    referrer    String,
    user_id     String,
    properties  Map(String, String),
    client_ip   String TTL at + INTERVAL 30 DAY
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(at)
ORDER BY (event, at, id)
TTL at + INTERVAL 3 MONTH DELETE;

-- No address and no user: what went wrong, where and in which release.
CREATE TABLE IF NOT EXISTS error_reports
(
    id          String,
    at          DateTime('UTC'),
    kind        LowCardinality(String),
    name        String,
    message     String,
    stack       String,
    path        String,
    release     LowCardinality(String),
    user_agent  String
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(at)
ORDER BY (at, id)
TTL at + INTERVAL 3 MONTH DELETE;
