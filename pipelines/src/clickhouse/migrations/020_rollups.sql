-- Rollups of place_snapshots per granularity, rebuilt whole bucket by bucket from the deduplicated raw
-- table (recompute-and-replace): a recompute inserts a newer computed_at for the same key and replaces
-- the row, so a replayed batch that changes no raw value changes no rollup value. Read with FINAL.
--
-- bucket is the period start of the spec: hour at HH:01, day at 01:00 UTC, week on Monday 01:00 UTC,
-- month on day 1 at 01:00 UTC; each bucket holds the slots of [start, next start).
-- Averages are exact at every level as ccu_sum / samples. Visits are cumulative: min and max bound the
-- visits gained. Counters that can fall (favorites, up and down votes) keep the value of the last slot
-- (votes: the last slot that had votes). Playtime = (ccu_sum / samples) × (last_slot − first_slot) ÷
-- (visits_max − visits_min) seconds.
CREATE TABLE IF NOT EXISTS place_rollups
(
    granularity      LowCardinality(String),
    place_id         UInt64,
    bucket           DateTime('UTC'),
    samples          UInt32,
    ccu_sum          UInt64,
    ccu_min          UInt32,
    ccu_max          UInt32,
    visits_min       UInt64,
    visits_max       UInt64,
    first_slot       DateTime('UTC'),
    last_slot        DateTime('UTC'),
    favorites_last   UInt64,
    up_votes_last    Nullable(UInt64),
    down_votes_last  Nullable(UInt64),
    computed_at      DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(computed_at)
PARTITION BY toYYYYMM(bucket)
ORDER BY (granularity, place_id, bucket);
