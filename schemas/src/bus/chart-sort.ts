import { z } from 'zod'
import { count, epochMs, messageId, robloxId, SCHEMA_VERSION, slotMs } from './common.ts'

export const chartEntry = z.object({
  universe_id: robloxId,
  place_id: robloxId,
  /** 1-based rank among non-sponsored entries; null for a sponsored (paid) entry, which has no rank. */
  position: z.number().int().positive().nullable(),
  sponsored: z.boolean(),
  playing: count,
})

/** One chart sort as seen in one 10-minute slot. Keyed by sort id; id = hash(sort_id, slot). */
export const chartSortSnapshotV1 = z.object({
  schema_version: z.literal(SCHEMA_VERSION),
  id: messageId,
  slot: slotMs,
  observed_at: epochMs,
  sort_id: z.string().min(1),
  /** Ludex chart category (8 to 38); null for a sort Ludex has no category for (kept, not ranked). */
  category_id: z.number().int().min(8).max(38).nullable(),
  display_name: z.string(),
  entries: z.array(chartEntry),
})
export type ChartSortSnapshotV1 = z.infer<typeof chartSortSnapshotV1>
export type ChartEntry = z.infer<typeof chartEntry>
