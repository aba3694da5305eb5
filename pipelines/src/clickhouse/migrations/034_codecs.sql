-- Codecs for the materialised tables that grow with the experiences tracked or with time (issue 19.3),
-- chosen on measurements (pipelines/README.md, "Storage"). A codec change is metadata only: parts
-- written from now on use it, existing parts keep LZ4 until a merge rewrites them. The recent months
-- merge anyway (the materialiser replaces their rows every slot); older months already merged into one
-- part are recompressed by `OPTIMIZE TABLE <table> FINAL` (or per partition), which this file does not
-- run: on a large store it would hold the migration for as long as it takes to rewrite everything.
--
-- place_rollups, in key order (granularity, place, bucket): one place's buckets one after another, so
-- times step (Delta) and counters drift (DoubleDelta); ccu_sum takes T64, nearly as small and as fast
-- to read as LZ4 for the hourly series and tag averages, where DoubleDelta halved their speed.
ALTER TABLE place_rollups
    MODIFY COLUMN place_id CODEC(ZSTD(1)),
    MODIFY COLUMN bucket CODEC(Delta, ZSTD(1)),
    MODIFY COLUMN samples CODEC(ZSTD(1)),
    MODIFY COLUMN ccu_sum CODEC(T64, ZSTD(1)),
    MODIFY COLUMN ccu_min CODEC(DoubleDelta, ZSTD(1)),
    MODIFY COLUMN ccu_max CODEC(DoubleDelta, ZSTD(1)),
    MODIFY COLUMN visits_min CODEC(DoubleDelta, ZSTD(1)),
    MODIFY COLUMN visits_max CODEC(DoubleDelta, ZSTD(1)),
    MODIFY COLUMN first_slot CODEC(Delta, ZSTD(1)),
    MODIFY COLUMN last_slot CODEC(Delta, ZSTD(1)),
    MODIFY COLUMN favorites_last CODEC(DoubleDelta, ZSTD(1)),
    MODIFY COLUMN up_votes_last CODEC(DoubleDelta, ZSTD(1)),
    MODIFY COLUMN down_votes_last CODEC(DoubleDelta, ZSTD(1)),
    MODIFY COLUMN computed_at CODEC(ZSTD(1));

-- One row per place per day, in place order within a day: nothing runs along a series, ZSTD wins.
ALTER TABLE daily_ranks
    MODIFY COLUMN day CODEC(Delta, ZSTD(1)),
    MODIFY COLUMN place_id CODEC(ZSTD(1)),
    MODIFY COLUMN rank CODEC(ZSTD(1)),
    MODIFY COLUMN ccu_average CODEC(ZSTD(1)),
    MODIFY COLUMN computed_at CODEC(ZSTD(1));

-- Chart captures and the genre distribution do not grow with the experiences (a fixed number of sorts
-- and genres per slot) but with time.
ALTER TABLE chart_positions
    MODIFY COLUMN slot CODEC(Delta, ZSTD(1)),
    MODIFY COLUMN place_id CODEC(ZSTD(1)),
    MODIFY COLUMN universe_id CODEC(ZSTD(1)),
    MODIFY COLUMN position CODEC(ZSTD(1)),
    MODIFY COLUMN playing CODEC(T64, ZSTD(1)),
    MODIFY COLUMN observed_at CODEC(Delta, ZSTD(1));

ALTER TABLE genre_distribution
    MODIFY COLUMN slot CODEC(Delta, ZSTD(1)),
    MODIFY COLUMN places CODEC(ZSTD(1)),
    MODIFY COLUMN ccu CODEC(ZSTD(1)),
    MODIFY COLUMN share CODEC(ZSTD(1)),
    MODIFY COLUMN parent_share CODEC(ZSTD(1)),
    MODIFY COLUMN computed_at CODEC(ZSTD(1));
