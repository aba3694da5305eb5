import { z } from 'zod'
import { pagedList, upstreamCount, upstreamId } from './common.ts'

export const badge = z
  .object({
    id: upstreamId,
    name: z.string(),
    description: z.string().nullish(),
    displayName: z.string().nullish(),
    enabled: z.boolean(),
    iconImageId: upstreamId.nullish(),
    created: z.string(),
    updated: z.string(),
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
