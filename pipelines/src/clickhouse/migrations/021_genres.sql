-- Average CCU per genre, from the rollups and each place's current genres (latest place_details row).
-- genre_l1 and genre_l2 are keys: lower-cased, 'unlabeled' when empty. genre_l2 = '' is the row of the
-- whole genre_l1. total = sum over places of their exact average CCU in the bucket; average = total /
-- places (places with data in the bucket). Granularities day, week and month (the genre chart has no hour).
-- A recompute replaces a bucket whole: keys that no longer have places get an is_deleted row, which
-- FINAL hides. Read with FINAL.
CREATE TABLE IF NOT EXISTS genre_ccu
(
    granularity  LowCardinality(String),
    genre_l1     LowCardinality(String),
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
ORDER BY (granularity, genre_l1, genre_l2, bucket);

-- Platform genre distribution per 10-minute slot (two levels, as genre_ccu): CCU of the places polled in
-- the slot, grouped by their current genres. share = ccu / platform CCU of the slot; parent_share = ccu /
-- CCU of its genre_l1 (1 on genre_l1 rows). The current distribution is the latest complete slot (one
-- with a platform_ccu row, written after a full sweep). Read with FINAL.
CREATE TABLE IF NOT EXISTS genre_distribution
(
    slot          DateTime('UTC'),
    genre_l1      LowCardinality(String),
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
ORDER BY (slot, genre_l1, genre_l2);
