import { z } from 'zod'
import { count, epochMs, messageId, SCHEMA_VERSION, slotMs } from './common.ts'

/**
 * Totals over the experiences Ludex tracks, for one slot. Roblox publishes no platform-wide CCU
 * endpoint, so this is honestly the tracked total ("Tracked Games CCU"), summed by the games poller
 * once a sweep has covered every tracked experience. id = hash('platform', slot).
 */
export const platformTotalsV1 = z.object({
  schema_version: z.literal(SCHEMA_VERSION),
  id: messageId,
  slot: slotMs,
  observed_at: epochMs,
  tracked_ccu: count,
  tracked_experiences: count,
})
export type PlatformTotalsV1 = z.infer<typeof platformTotalsV1>
