import { z } from 'zod'
import { TAG_MAX_PLACES, TAG_NAME_MAX_LENGTH } from '../constants/limits.ts'
import { playStatusCode } from '../constants/place-schema.ts'
import { id, isoTime } from './primitives.ts'
import { thumbnailRef } from './responses.ts'
import { safeText } from './safe-text.ts'

/*
 * Experience tags (part 2 §2.3, §2.4, §3, §7): the calls under /api/placetag. A tag is curated
 * (`global`, visible to everyone, edited by editors) or personal (its owner's). Its experiences are
 * place ids, in the order they were added.
 */

/** A place id in a request body: the spec's database id (a positive integer JS holds exactly). */
const placeId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/**
 * Something besides white space, and no control character (a name is shown in tables, menus and
 * charts). A pattern rather than a refinement, so the OpenAPI document says so too.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses.
const TAG_NAME_PATTERN = /^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$/

/** A tag's name as sent: not empty after trimming, at most TAG_NAME_MAX_LENGTH characters; stored trimmed. */
export const tagName = safeText
  .max(TAG_NAME_MAX_LENGTH, `must be at most ${TAG_NAME_MAX_LENGTH} characters`)
  .regex(TAG_NAME_PATTERN, 'must not be empty and holds no control character')
  .trim()

/** A tag as GET /api/placetag lists it. */
export const placeTag = z.object({
  id,
  name: z.string(),
  /** The tag's experiences, in the order they were added. */
  place_ids: z.array(id),
  /** Curated: shown to everyone, edited by editors (EDIT_TAG). */
  global: z.boolean(),
  /** The user who created it. */
  owner_id: id,
  /** The owner's email: in answers to admins only (permission LIST_USERS), for the Owner column. */
  owner_email: z.string().optional(),
  created: isoTime,
  /** The last change of its name or experiences. */
  updated: isoTime,
})
export type PlaceTag = z.infer<typeof placeTag>
export const placeTagList = z.array(placeTag)

/** One experience of a populated tag (part 2 §3, 'Experience (as used here)'). */
export const tagExperience = z.object({
  universe_id: id,
  place_id: id,
  name: z.string(),
  canonical_name: z.string(),
  genre_l1: z.string(),
  genre_l2: z.string(),
  players_online: z.number().nonnegative(),
  total_visits: z.number().nonnegative(),
  favorites: z.number().nonnegative(),
  /** Fraction 0 to 1. */
  like_percentage: z.number().min(0).max(1),
  play_status: playStatusCode,
  thumbnails: z.object({ banner: thumbnailRef.nullable() }),
})
export type TagExperience = z.infer<typeof tagExperience>

/** GET /api/placetag/{id} and POST /api/placetag: the tag with its experiences resolved. */
export const populatedPlaceTag = placeTag.extend({
  /** The tracked experiences of the tag, in place_ids order. */
  places: z.array(tagExperience),
  /** Members Ludex has no data for yet: tracked from now on, they join `places` once polled. */
  untracked_place_ids: z.array(id),
})
export type PopulatedPlaceTag = z.infer<typeof populatedPlaceTag>

/** POST /api/placetag. */
export const placeTagCreate = z.object({
  name: tagName,
  /** A curated tag (needs EDIT_TAG). Default false: a personal tag. */
  global: z.boolean().default(false),
})

/**
 * PUT /api/placetag/{id}: the client sends the tag; `name` and `place_ids` are read (a field left out
 * stays as it is), `id` and `global` are checked against the stored tag, anything else is ignored.
 */
export const placeTagUpdate = z.object({
  id: id.max(2_147_483_647).optional(),
  name: tagName.optional(),
  /** The whole list of experiences; repeats count once. */
  place_ids: z
    .array(placeId)
    .max(TAG_MAX_PLACES, `a tag holds at most ${TAG_MAX_PLACES} experiences`)
    .optional(),
  global: z.boolean().optional(),
})
export type PlaceTagUpdate = z.infer<typeof placeTagUpdate>

/** POST /api/placetag/{id}/places: experiences to add (the add-experiences dialog, Bulk Add). */
export const placeTagAddPlaces = z.object({
  place_ids: z
    .array(placeId)
    .min(1, 'needs at least one place id')
    .max(TAG_MAX_PLACES, `a tag holds at most ${TAG_MAX_PLACES} experiences`),
})
