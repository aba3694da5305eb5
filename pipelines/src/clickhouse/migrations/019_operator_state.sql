-- Small facts the process keeps about its own work, e.g. that the first-start backfill finished, so a
-- restart on an existing data dir resumes live polling instead of generating history again.
CREATE TABLE IF NOT EXISTS operator_state
(
    key         String,
    value       String,
    updated_at  DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree(updated_at)
ORDER BY key;
