import { z } from 'zod'
import { epochMs, messageId, robloxId, SCHEMA_VERSION } from './common.ts'

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')

/** The platform's picks of one UTC day, in display order. id = hash(date, place ids). */
export const dailyPicksV1 = z.object({
  schema_version: z.literal(SCHEMA_VERSION),
  id: messageId,
  date: isoDate,
  observed_at: epochMs,
  places: z.array(z.object({ universe_id: robloxId, place_id: robloxId, name: z.string() })),
})
export type DailyPicksV1 = z.infer<typeof dailyPicksV1>
