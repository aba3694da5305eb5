-- The genre tables keyed by the product's genres (the sixteen keys of @ludex/schemas, or 'unlabeled')
-- instead of the platform's genre_l1: `genre` is what experienceGenreSql gives a place from its current
-- name and genres (genre-mapping.ts), `genre_l2` stays the platform's sub-genre as a key (lower-cased,
-- 'unlabeled' when empty; '' = the row of the whole genre). The tables are materialised, so they are
-- dropped and made again empty: a store that already holds history fills them with `ludex rebuild`
-- over that history (the materialiser refills what it recomputes from then on). Read with FINAL.
DROP TABLE IF EXISTS genre_ccu;

CREATE TABLE IF NOT EXISTS genre_ccu
(
    granularity  LowCardinality(String),
    genre        LowCardinality(String),
    genre_l2     LowCardinality(String),
    bucket       DateTime('UTC'),
    places       UInt32,
    total        Float64,
    average      Float64,
    computed_at  DateTime64(3, 'UTC'),
    is_deleted   UInt8
)
ENGINE = ReplacingMergeTree(computed_at, is_deleted)
PARTITION BY toYYYYMM(bucket)
ORDER BY (granularity, genre, genre_l2, bucket);

DROP TABLE IF EXISTS genre_distribution;

CREATE TABLE IF NOT EXISTS genre_distribution
(
    slot          DateTime('UTC'),
    genre         LowCardinality(String),
    genre_l2      LowCardinality(String),
    places        UInt32,
    ccu           UInt64,
    share         Float64,
    parent_share  Float64,
    computed_at   DateTime64(3, 'UTC'),
    is_deleted    UInt8
)
ENGINE = ReplacingMergeTree(computed_at, is_deleted)
PARTITION BY toYYYYMM(slot)
ORDER BY (slot, genre, genre_l2);

DROP TABLE IF EXISTS genre_benchmarks_daily;

CREATE TABLE IF NOT EXISTS genre_benchmarks_daily
(
    day                 Date,
    genre               LowCardinality(String),
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
ORDER BY (day, genre);
