-- Genre benchmarks per day (day = UTC date of the day bucket's 01:00 start) and current genre_l1:
-- exact p25/p50/p75/p90 (linear interpolation between order statistics) over the genre's places of
-- their day-average CCU, like ratio (up / (up + down), last values of the day) and playtime (see
-- 020_rollups.sql). A metric is NULL when no place of the genre defines it; *_places count those that do.
-- Stale genres of a recomputed day get is_deleted, hidden by FINAL. Read with FINAL.
CREATE TABLE IF NOT EXISTS genre_benchmarks_daily
(
    day                 Date,
    genre_l1            LowCardinality(String),
    places              UInt32,
    ccu_p25             Float64,
    ccu_p50             Float64,
    ccu_p75             Float64,
    ccu_p90             Float64,
    like_ratio_places   UInt32,
    like_ratio_p25      Nullable(Float64),
    like_ratio_p50      Nullable(Float64),
    like_ratio_p75      Nullable(Float64),
    like_ratio_p90      Nullable(Float64),
    playtime_places     UInt32,
    playtime_p25        Nullable(Float64),
    playtime_p50        Nullable(Float64),
    playtime_p75        Nullable(Float64),
    playtime_p90        Nullable(Float64),
    computed_at         DateTime64(3, 'UTC'),
    is_deleted          UInt8
)
ENGINE = ReplacingMergeTree(computed_at, is_deleted)
ORDER BY (day, genre_l1);
