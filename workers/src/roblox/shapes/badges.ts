import { z } from 'zod'
import { pagedList, upstreamCount, upstreamId } from './common.ts'
import { upstreamDate } from './dates.ts'

export const badge = z
  .object({
    id: upstreamId,
    name: z.string(),
    description: z.string().nullish(),
    displayName: z.string().nullish(),
    enabled: z.boolean(),
    iconImageId: upstreamId.nullish(),
    /** Epoch ms: badges carry local offsets such as -05:00 (roblox-api.md §16). */
    created: upstreamDate,
    updated: upstreamDate,
    statistics: z
      .object({
        pastDayAwardedCount: upstreamCount,
        awardedCount: upstreamCount,
        winRatePercentage: z.number(),
      })
      .loose(),
  })
  .loose()
export type Badge = z.infer<typeof badge>
export const badgesPage = pagedList(badge)
