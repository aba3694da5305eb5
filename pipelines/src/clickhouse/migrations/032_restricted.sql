-- Restrictions as observed (issue 19): the games call answered for a tracked universe with a censored
-- item (restricted, private, unpublished or deleted; roblox-api.md §16), or answered for it again. One
-- row per observed change: restricted true when the censoring began, false when the experience came
-- back. While restricted an experience has no snapshots, so it drops out of the platform totals by
-- itself; readers mark it restricted while its latest row says so and no snapshot is newer than that row
-- (a poller that restarted without its change memory does not write the false row; the next snapshot
-- ends the restriction all the same). Keyed like the other change tables: a redelivery replaces itself.
CREATE TABLE IF NOT EXISTS place_restrictions
(
    place_id     UInt64,
    universe_id  UInt64,
    restricted   Bool,
    observed_at  DateTime64(3, 'UTC'),
    message_id   String
)
ENGINE = ReplacingMergeTree
ORDER BY (place_id, observed_at);
