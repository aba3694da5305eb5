import { z } from 'zod'
import { upstreamCount, upstreamId } from './common.ts'

/** One entry of an explore sort; array order is the rank (roblox-api.md §7). */
export const sortEntry = z
  .object({
    universeId: upstreamId,
    rootPlaceId: upstreamId,
    name: z.string(),
    playerCount: upstreamCount,
    totalUpVotes: upstreamCount.optional(),
    totalDownVotes: upstreamCount.optional(),
    isSponsored: z.boolean().optional(),
    nativeAdData: z.unknown().optional(),
    minimumAge: z.number().int().nullish(),
    ageRecommendationDisplayName: z.string().nullish(),
    placeId: upstreamId.optional(),
    creatorName: z.string().optional(),
    creatorType: z.string().optional(),
    creatorId: upstreamId.optional(),
    creatorHasVerifiedBadge: z.boolean().optional(),
  })
  .loose()
export type SortEntry = z.infer<typeof sortEntry>

export const gameSort = z
  .object({
    sortId: z.string().min(1),
    sortDisplayName: z.string(),
    contentType: z.literal('Games'),
    treatmentType: z.string().optional(),
    gameSetTypeId: z.number().int().optional(),
    nextPageToken: z.string().nullish(),
    games: z.array(sortEntry),
  })
  .loose()
export type GameSort = z.infer<typeof gameSort>

/**
 * Any sort, before its content type is known: 'Games' sorts are then validated with gameSort, while
 * FilterSorts (filters_v5, UI chrome) and content types Ludex does not read are skipped.
 */
export const anySort = z.object({ sortId: z.string().optional(), contentType: z.string() }).loose()

export const sortsPage = z
  .object({
    sorts: z.array(anySort),
    nextSortsPageToken: z.string().nullish(),
  })
  .loose()
