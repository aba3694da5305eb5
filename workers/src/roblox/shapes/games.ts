import { z } from 'zod'
import { dataList, upstreamCount, upstreamId } from './common.ts'
import { upstreamDate } from './dates.ts'

export const gameCreator = z
  .object({
    id: upstreamId,
    name: z.string(),
    type: z.enum(['User', 'Group']),
    isRNVAccount: z.boolean().optional(),
    hasVerifiedBadge: z.boolean().optional(),
  })
  .loose()

/** games.roblox.com/v1/games item (roblox-api.md §1); late fields optional, extra fields kept. */
export const game = z
  .object({
    id: upstreamId,
    rootPlaceId: upstreamId,
    name: z.string(),
    description: z.string().nullish(),
    sourceName: z.string().nullish(),
    sourceDescription: z.string().nullish(),
    creator: gameCreator,
    price: z.number().int().nullish(),
    allowedGearGenres: z.array(z.string()).optional(),
    allowedGearCategories: z.array(z.string()).optional(),
    isGenreEnforced: z.boolean().optional(),
    copyingAllowed: z.boolean().optional(),
    playing: upstreamCount,
    visits: upstreamCount,
    favoritedCount: upstreamCount,
    maxPlayers: z.number().int().nonnegative(),
    /** Epoch ms, read from any of upstream's date forms (dates.ts). */
    created: upstreamDate,
    updated: upstreamDate,
    studioAccessToApisAllowed: z.boolean().optional(),
    createVipServersAllowed: z.boolean().optional(),
    // The wire carries a string; the Swagger says int: accept both (roblox-api.md §1).
    universeAvatarType: z.union([z.string(), z.number()]).optional(),
    genre: z.string().nullish(),
    genre_l1: z.string().nullish(),
    genre_l2: z.string().nullish(),
    untranslated_genre_l1: z.string().nullish(),
    isAllGenre: z.boolean().optional(),
    isFavoritedByUser: z.boolean().optional(),
    isContentRestricted: z.boolean().optional(),
  })
  .loose()
export type Game = z.infer<typeof game>

/**
 * A restricted, private, unpublished or deleted universe as /v1/games answers it (roblox-api.md §16):
 * an item with id 0, '[TITLE UNAVAILABLE]', an '[UNKNOWN]' creator and zeros, so nothing but its
 * existence is dependable; which requested universe it stands for is worked out by elimination.
 */
export const censoredGame = z
  .object({ id: z.literal(0), isContentRestricted: z.boolean().optional() })
  .loose()
export type CensoredGame = z.infer<typeof censoredGame>

/**
 * One item of the games answer: censored when its id is 0, else a game. Chosen by id rather than by a
 * union, so a game lacking a required field reports that field (`data.3.playing`), not "Invalid input".
 */
const gamesItem = z.unknown().transform((value, ctx): Game | CensoredGame => {
  const censored = typeof value === 'object' && value !== null && (value as { id?: unknown }).id === 0
  const parsed = censored ? censoredGame.safeParse(value) : game.safeParse(value)
  if (parsed.success) return parsed.data
  // The issues are zod's own, re-raised under this item's path (zod prefixes it).
  for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, input: value } as z.core.$ZodRawIssue)
  return z.NEVER
})
export const gamesResponse = dataList(gamesItem)

export const isCensoredGame = (item: Game | CensoredGame): item is CensoredGame => item.id === 0

export const votes = z.object({ id: upstreamId, upVotes: upstreamCount, downVotes: upstreamCount }).loose()
export type Votes = z.infer<typeof votes>
export const votesResponse = dataList(votes)

/** multiget-place-details: a bare array (roblox-api.md §4). */
export const placeDetails = z
  .object({
    placeId: upstreamId,
    name: z.string(),
    universeId: upstreamId,
    universeRootPlaceId: upstreamId.optional(),
    isPlayable: z.boolean().nullish(),
    reasonProhibited: z.string().nullish(),
    price: z.number().int().nullish(),
    builder: z.string().nullish(),
    builderId: upstreamId.nullish(),
    hasVerifiedBadge: z.boolean().optional(),
    imageToken: z.string().nullish(),
  })
  .loose()
export type PlaceDetails = z.infer<typeof placeDetails>
export const placeDetailsResponse = z.array(placeDetails)

export const placeUniverseResponse = z.object({ universeId: upstreamId.nullable() }).loose()
