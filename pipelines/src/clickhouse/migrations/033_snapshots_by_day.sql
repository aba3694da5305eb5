-- place_snapshots again, for 100,000 experiences (issue 19.3): ordered by day first, with codecs chosen on
-- measurements (pipelines/README.md, "Storage": 12.0 bytes a snapshot before, 1.7 after).
--
-- Order. Ordered by (place_id, slot) in month partitions, a read of one slot range (the materialiser's
-- hour and day of a live slot, the genre distribution of a slot) cannot skip anything: a granule of
-- 8,192 rows holds a few places' whole month, so every recompute read the whole month, which grows
-- with the days stored (432 M rows at 100,000 experiences × 30 days). Ordered by day, place, slot, it
-- reads the day's rows only, whatever the store holds; one place's rows are still together within a
-- day (one granule a day for a place's own reads, which go to the rollups anyway). The key's last
-- column is toUnixTimestamp(slot), not slot: with the bare column in the key, ClickHouse matches a
-- `slot >= …` condition to that column and not to toDate(slot) in front of it, and skips nothing; as
-- it is, the condition applies to toDate(slot) (monotonic) and prunes by day. The key still
-- identifies (place_id, slot), so replacing (and FINAL) works as before.
--
-- Codecs. Each column's series runs along one place's day in this order: the slot and observed_at
-- step by ten minutes (Delta), counters grow slowly (DoubleDelta: visits 3.3 → 0.47 bytes a row), and
-- ZSTD(1) after them beats LZ4 on every column (ZSTD(3) gained nothing more). playing takes T64: a
-- little larger than DoubleDelta (0.64 against 0.56 bytes) but as fast to read as LZ4, and it is the
-- column every per-slot statement reads (the genre distribution of a slot: 0.95 s → 0.5 s at 100,000).
--
-- An existing store is copied into the new table (one INSERT … SELECT: about a minute per 10 M
-- snapshots on a loaded 2-core machine) and swapped in by name; the view that fills place_latest is
-- made again on the new table. Every statement can run again after a failure at any point:
-- place_snapshots is the live data at every step, and _old or _new are only leftovers. Stop the sinks
-- while it runs (a distributed deployment: `ludex migrate` before the roles start, as compose does):
-- rows inserted between the copy and the swap would not be carried over.
DROP TABLE IF EXISTS place_snapshots_old;

DROP TABLE IF EXISTS place_snapshots_new;

CREATE TABLE place_snapshots_new
(
    place_id     UInt64 CODEC(ZSTD(1)),
    universe_id  UInt64 CODEC(ZSTD(1)),
    slot         DateTime('UTC') CODEC(Delta, ZSTD(1)),
    observed_at  DateTime64(3, 'UTC') CODEC(Delta, ZSTD(1)),
    playing      UInt32 CODEC(T64, ZSTD(1)),
    visits       UInt64 CODEC(DoubleDelta, ZSTD(1)),
    favorites    UInt64 CODEC(DoubleDelta, ZSTD(1)),
    up_votes     Nullable(UInt64) CODEC(DoubleDelta, ZSTD(1)),
    down_votes   Nullable(UInt64) CODEC(DoubleDelta, ZSTD(1)),
    source       LowCardinality(String)
)
ENGINE = ReplacingMergeTree(observed_at)
PARTITION BY toYYYYMM(slot)
ORDER BY (toDate(slot), place_id, toUnixTimestamp(slot));

INSERT INTO place_snapshots_new (place_id, universe_id, slot, observed_at, playing, visits, favorites, up_votes, down_votes, source)
SELECT place_id, universe_id, slot, observed_at, playing, visits, favorites, up_votes, down_votes, source
FROM place_snapshots;

-- A materialised view does not reliably follow its source across a rename: dropped and made again.
DROP VIEW IF EXISTS place_latest_mv;

RENAME TABLE place_snapshots TO place_snapshots_old, place_snapshots_new TO place_snapshots;

-- As in 001: the newest slot per place of each inserted block.
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

DROP TABLE IF EXISTS place_snapshots_old;

-- A no-op on one node. In cluster mode the rename moves the local tables only, and this drops the
-- Distributed table made for place_snapshots_new, which has nothing left to serve.
DROP TABLE IF EXISTS place_snapshots_new;
