-- Every place ranked by its exact day-average CCU, once per closed day (rank(): ties share a rank and the
-- next rank skips). day is the UTC date of the day bucket's 01:00 start. Read with FINAL.
CREATE TABLE IF NOT EXISTS daily_ranks
(
    day          Date,
    place_id     UInt64,
    rank         UInt32,
    ccu_average  Float64,
    computed_at  DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(computed_at)
PARTITION BY toYYYYMM(day)
ORDER BY (day, place_id);

-- Top-100 entries and exits of a closed day compared with 7 days earlier. Entry: rank ≤ 100 on day and
-- not 7 days earlier (old_rank = that day's rank if ranked, else NULL = newly tracked). Exit: rank ≤ 100
-- 7 days earlier and not on day (rank = its rank on day if ranked, else NULL). gain = old_rank − rank,
-- NULL when either is NULL. Days whose day − 7 has no ranks get no movement. A recompute replaces a day
-- whole (stale rows get is_deleted, hidden by FINAL). Read with FINAL.
CREATE TABLE IF NOT EXISTS top100_movement
(
    day          Date,
    type         LowCardinality(String),
    place_id     UInt64,
    rank         Nullable(UInt32),
    old_rank     Nullable(UInt32),
    gain         Nullable(Int64),
    computed_at  DateTime64(3, 'UTC'),
    is_deleted   UInt8
)
ENGINE = ReplacingMergeTree(computed_at, is_deleted)
ORDER BY (day, type, place_id);
