import { z } from 'zod'
import { count, epochMs, messageId, robloxId, SCHEMA_VERSION, slotMs, snapshotSource } from './common.ts'

/**
 * One experience's counters in one 10-minute slot. Keyed by universe id on the bus.
 * `id` = hash(source, universe_id, slot), so a retry or replay is recognisable.
 * Votes come from a separate upstream call and may be missing for a slot (null), never guessed.
 */
export const placeSnapshotV1 = z.object({
  schema_version: z.literal(SCHEMA_VERSION),
  id: messageId,
  source: snapshotSource,
  universe_id: robloxId,
  place_id: robloxId,
  slot: slotMs,
  observed_at: epochMs,
  playing: count,
  visits: count,
  favorites: count,
  up_votes: count.nullable(),
  down_votes: count.nullable(),
})
export type PlaceSnapshotV1 = z.infer<typeof placeSnapshotV1>
