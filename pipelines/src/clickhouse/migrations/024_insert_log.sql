-- What sinks inserted, one row per handled batch and topic: the slot range a batch touched. A sink
-- whose materialiser runs in the same process tells it directly; one running apart (the distributed
-- shape: `ludex sink` and `ludex materialiser` as separate processes) writes here, and the materialiser
-- reads the rows it has not seen and recomputes their ranges. logged_at is the server's clock, so
-- processes on different machines agree on the order. Rows are only needed until some materialiser has
-- read them; a week covers any outage worth recovering from this way (after that, `ludex rebuild`).
CREATE TABLE IF NOT EXISTS insert_log
(
    id          UUID,
    logged_at   DateTime64(3, 'UTC') DEFAULT now64(3),
    topic       LowCardinality(String),
    min_slot    DateTime64(3, 'UTC'),
    max_slot    DateTime64(3, 'UTC'),
    rows        UInt64
)
ENGINE = MergeTree
PARTITION BY toYYYYMMDD(logged_at)
ORDER BY (logged_at, id)
TTL toDateTime(logged_at) + INTERVAL 7 DAY DELETE;
