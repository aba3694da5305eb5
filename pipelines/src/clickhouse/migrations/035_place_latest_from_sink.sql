-- place_latest is written by the sink from now on (latestRows in pipelines/src/sink/rows.ts: each
-- place's newest snapshot of a batch, inserted after the batch's snapshots), no longer by a
-- materialised view on place_snapshots. The view aggregated every inserted block (argMax of an 8-tuple
-- per place), about a fifth of the engine's time per snapshot in a backfill (pipelines/README.md,
-- "Sink"); the sink's pass is a map lookup a row, and its insert holds one row per place.
--
-- The table and its rows stay as they are: place_latest replaces by slot, so the sink's rows take over
-- from the view's with nothing to copy. Stop the sinks while it runs, as for every migration (a sink of
-- the previous version would still rely on the view).
DROP VIEW IF EXISTS place_latest_mv;
