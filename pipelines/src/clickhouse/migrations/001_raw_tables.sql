-- Raw tables written by the sink. Every table is a ReplacingMergeTree keyed by the identity of what it
-- records, so a redelivered or replayed message lands on the same key and replaces an identical row:
-- the replay invariant holds at the raw level. Readers deduplicate with FINAL or argMax.

-- A snapshot's message id is not stored: it is hash(source, universe_id, slot), derivable from the row,
-- and the row's key (place_id, slot) already recognises a retry or a replay. Leaving it out makes the
-- hottest insert about 15% cheaper for chDB to parse.
CREATE TABLE IF NOT EXISTS place_snapshots
(
    place_id     UInt64,
    universe_id  UInt64,
    slot         DateTime('UTC'),
    observed_at  DateTime64(3, 'UTC'),
    playing      UInt32,
    visits       UInt64,
    favorites    UInt64,
    up_votes     Nullable(UInt64),
    down_votes   Nullable(UInt64),
    source       LowCardinality(String)
)
ENGINE = ReplacingMergeTree(observed_at)
PARTITION BY toYYYYMM(slot)
ORDER BY (place_id, slot);

-- Latest counters per experience, for the slim list: the version is the slot, so an older snapshot
-- replayed later never replaces a newer one. Filled by place_latest_mv below, inside each snapshot
-- insert (no second round trip per batch); replacing by key keeps it duplicate-tolerant.
CREATE TABLE IF NOT EXISTS place_latest
(
    place_id     UInt64,
    universe_id  UInt64,
    slot         DateTime('UTC'),
    observed_at  DateTime64(3, 'UTC'),
    playing      UInt32,
    visits       UInt64,
    favorites    UInt64,
    up_votes     Nullable(UInt64),
    down_votes   Nullable(UInt64)
)
ENGINE = ReplacingMergeTree(slot)
ORDER BY place_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS place_latest_mv TO place_latest AS
SELECT
    place_id,
    newest.1 AS universe_id,
    newest.2 AS slot,
    newest.3 AS observed_at,
    newest.4 AS playing,
    newest.5 AS visits,
    newest.6 AS favorites,
    newest.7 AS up_votes,
    newest.8 AS down_votes
FROM
(
    SELECT
        place_id,
        argMax(
            (universe_id, slot, observed_at, playing, visits, favorites, up_votes, down_votes),
            (slot, observed_at)
        ) AS newest
    FROM place_snapshots
    GROUP BY place_id
);

-- Details as observed, one row per observed change; price history derives from it.
CREATE TABLE IF NOT EXISTS place_details
(
    place_id         UInt64,
    universe_id      UInt64,
    observed_at      DateTime64(3, 'UTC'),
    name             String,
    description      Nullable(String),
    creator_id       UInt64,
    creator_type     LowCardinality(String),
    creator_name     String,
    creator_verified Bool,
    genre_l1         LowCardinality(String),
    genre_l2         LowCardinality(String),
    price            UInt64,
    max_players      UInt32,
    created_at       DateTime64(3, 'UTC'),
    updated_at       DateTime64(3, 'UTC'),
    message_id       String
)
ENGINE = ReplacingMergeTree
ORDER BY (place_id, observed_at);

CREATE TABLE IF NOT EXISTS place_thumbnails
(
    place_id     UInt64,
    universe_id  UInt64,
    type         LowCardinality(String),
    hash         String,
    observed_at  DateTime64(3, 'UTC'),
    message_id   String
)
ENGINE = ReplacingMergeTree
ORDER BY (place_id, type, observed_at);

CREATE TABLE IF NOT EXISTS place_age_ratings
(
    place_id     UInt64,
    universe_id  UInt64,
    age_limit    Nullable(UInt8),
    maturity     LowCardinality(String),
    observed_at  DateTime64(3, 'UTC'),
    message_id   String
)
ENGINE = ReplacingMergeTree
ORDER BY (place_id, observed_at);

CREATE TABLE IF NOT EXISTS place_play_status
(
    place_id     UInt64,
    universe_id  UInt64,
    play_status  UInt8,
    observed_at  DateTime64(3, 'UTC'),
    message_id   String
)
ENGINE = ReplacingMergeTree
ORDER BY (place_id, observed_at);

-- Chart sort entries per slot. category_id 0 = a sort Ludex has no category for; position NULL = sponsored.
CREATE TABLE IF NOT EXISTS chart_positions
(
    sort_id      LowCardinality(String),
    category_id  UInt8,
    slot         DateTime('UTC'),
    place_id     UInt64,
    universe_id  UInt64,
    position     Nullable(UInt16),
    sponsored    Bool,
    playing      UInt32,
    observed_at  DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(observed_at)
PARTITION BY toYYYYMM(slot)
ORDER BY (sort_id, slot, place_id);

-- One row per day holding the whole list, so a later observation replaces the list, not single picks.
CREATE TABLE IF NOT EXISTS daily_picks
(
    date          Date,
    place_ids     Array(UInt64),
    universe_ids  Array(UInt64),
    names         Array(String),
    observed_at   DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(observed_at)
ORDER BY date;

CREATE TABLE IF NOT EXISTS platform_ccu
(
    slot                 DateTime('UTC'),
    tracked_ccu          UInt64,
    tracked_experiences  UInt32,
    observed_at          DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(observed_at)
ORDER BY slot;

CREATE TABLE IF NOT EXISTS creators
(
    creator_id      UInt64,
    creator_type    LowCardinality(String),
    name            String,
    verified        Bool,
    thumbnail_hash  String,
    member_count    Nullable(UInt64),
    observed_at     DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(observed_at)
ORDER BY (creator_type, creator_id);

CREATE TABLE IF NOT EXISTS dead_letters
(
    topic      LowCardinality(String),
    key        String,
    reason     String,
    payload    String,
    failed_at  DateTime64(3, 'UTC')
)
ENGINE = MergeTree
ORDER BY (topic, failed_at);
