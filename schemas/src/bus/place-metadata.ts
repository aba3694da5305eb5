import { z } from 'zod'
import { contentMaturity, creatorType, playStatusCode, thumbnailType } from '../constants/place-schema.ts'
import { count, epochMs, messageId, robloxId, SCHEMA_VERSION } from './common.ts'

const base = {
  schema_version: z.literal(SCHEMA_VERSION),
  /** hash(universe_id, change, content): the same content observed twice has the same id. */
  id: messageId,
  universe_id: robloxId,
  place_id: robloxId,
  observed_at: epochMs,
}

/** Details of games.roblox.com/v1/games, published when they differ from the last seen. */
export const placeDetailsChange = z.object({
  ...base,
  change: z.literal('details'),
  name: z.string(),
  description: z.string().nullable(),
  creator_id: robloxId,
  creator_type: creatorType,
  creator_name: z.string(),
  creator_verified: z.boolean(),
  /** Roblox taxonomy; '' when upstream omits it (older captures lack genre_l1/genre_l2). */
  genre_l1: z.string(),
  genre_l2: z.string(),
  /** Robux; upstream null (free) is 0. */
  price: count,
  max_players: count,
  created_at: epochMs,
  updated_at: epochMs,
})

/** A thumbnail hash that differs from the last seen ('default' when upstream has no image). */
export const placeThumbnailChange = z.object({
  ...base,
  change: z.literal('thumbnail'),
  type: thumbnailType,
  hash: z.string().min(1),
})

/** Age recommendation; age_limit null = Not Rated. */
export const placeAgeRatingChange = z.object({
  ...base,
  change: z.literal('age_rating'),
  age_limit: count.nullable(),
  maturity: contentMaturity,
})

export const placePlayStatusChange = z.object({
  ...base,
  change: z.literal('play_status'),
  play_status: playStatusCode,
})

/**
 * Upstream stopped (true) or resumed (false) describing the experience: the games call answers for it
 * with a censored item (restricted, private, unpublished or deleted; roblox-api.md §16). While
 * restricted it has no snapshots. id = hash(universe_id, 'restricted', flag, observed_at): a restriction
 * that comes back later is a new observation, not a duplicate of the first.
 */
export const placeRestrictedChange = z.object({
  ...base,
  change: z.literal('restricted'),
  restricted: z.boolean(),
})

export const placeMetadataV1 = z.discriminatedUnion('change', [
  placeDetailsChange,
  placeThumbnailChange,
  placeAgeRatingChange,
  placePlayStatusChange,
  placeRestrictedChange,
])
export type PlaceMetadataV1 = z.infer<typeof placeMetadataV1>
export type PlaceDetailsChange = z.infer<typeof placeDetailsChange>
export type PlaceThumbnailChange = z.infer<typeof placeThumbnailChange>
export type PlaceAgeRatingChange = z.infer<typeof placeAgeRatingChange>
export type PlacePlayStatusChange = z.infer<typeof placePlayStatusChange>
export type PlaceRestrictedChange = z.infer<typeof placeRestrictedChange>
