-- Game events (issue 17): what game servers sent through POST /api/events, accepted by the API and
-- carried by the bus (game-events.v1). One row per experience and event id, however often it arrived:
-- a retried, replayed or redelivered batch lands on the same key (ReplacingMergeTree, read with FINAL;
-- the latest arrival's row is kept). An event's day is the product's day period of its own time.
-- Partitioned by month of the event's time: an event id is expected to keep its time when it is sent
-- again (the Luau module resends the same batch); an id sent again with a time in another month would
-- be a second row in another partition.
CREATE TABLE IF NOT EXISTS game_events
(
    place_id     UInt64,
    event_id     String,
    game_key     LowCardinality(String),
    name         String,
    time         DateTime64(3, 'UTC'),
    value        Nullable(Float64),
    properties   String,
    received_at  DateTime64(3, 'UTC'),
    INDEX time_minmax time TYPE minmax GRANULARITY 1
)
ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(time)
ORDER BY (place_id, event_id);

-- Events per experience per day, recomputed whole for every day a batch touched from the deduplicated
-- game_events (recompute-and-replace: a newer computed_at replaces the row), so a redelivered batch
-- changes no count. day = the date the day period (01:00 UTC to 01:00 UTC) starts on. Read with FINAL.
CREATE TABLE IF NOT EXISTS event_daily_counts
(
    place_id     UInt64,
    day          Date,
    num_events   UInt64,
    computed_at  DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(computed_at)
PARTITION BY toYYYYMM(day)
ORDER BY (place_id, day);
