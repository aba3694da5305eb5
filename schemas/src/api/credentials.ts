import { z } from 'zod'
import { CREDENTIAL_NAME_MAX_LENGTH } from '../constants/credentials.ts'
import { GAME_KEY_PATTERN } from '../events/signing.ts'
import { safeText } from './safe-text.ts'

/*
 * Event credentials (part 2 §3, §5, §7): what a game server signs its events with. Field names are the
 * spec's: {game_key, secret_key, place_id, comment, disabled}; `comment` is the display name.
 */

export const gameKey = z.string().regex(GAME_KEY_PATTERN, 'must be a game key: 32 lower-case hex digits')

export const gameCredential = z.object({
  game_key: gameKey,
  /** 256 random bits, base64url: the HMAC key of the game's signatures. Shown to staff to copy. */
  secret_key: z.string(),
  place_id: z.number().int().positive(),
  comment: z.string(),
  disabled: z.boolean(),
})
export type GameCredential = z.infer<typeof gameCredential>
export const gameCredentialList = z.array(gameCredential)

/**
 * Something besides white space, and no C0 or C1 control character: a pattern rather than a
 * refinement, so the OpenAPI document says so too (a blank name is refused by the document as by the
 * server).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses.
export const VISIBLE_TEXT_PATTERN = /^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$/

/** A credential's name: not empty once trimmed (part 2 §5), no control character, at most 100. */
export const credentialName = safeText
  .max(CREDENTIAL_NAME_MAX_LENGTH)
  .regex(VISIBLE_TEXT_PATTERN, 'is required and holds no control character')
  .trim()

/** POST /api/gamecredential: the experience's place id (typed or picked) and the name. */
export const gameCredentialCreate = z.object({
  placeId: z.number().int('must be a whole number').min(1).max(Number.MAX_SAFE_INTEGER),
  comment: credentialName,
})
export type GameCredentialCreate = z.infer<typeof gameCredentialCreate>

/**
 * PUT /api/gamecredential/{game_key}: a new name, or disabled on or off (part 2 §7: "name or
 * disabled"); fields left out stay. A client may send the whole credential: only these are read.
 */
export const gameCredentialUpdate = z
  .object({ comment: credentialName.optional(), disabled: z.boolean().optional() })
  .refine((u) => u.comment !== undefined || u.disabled !== undefined, {
    message: 'must change comment or disabled',
  })
export type GameCredentialUpdate = z.infer<typeof gameCredentialUpdate>
