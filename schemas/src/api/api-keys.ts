import { z } from 'zod'
import { VISIBLE_TEXT_PATTERN } from './credentials.ts'
import { safeText } from './safe-text.ts'

/*
 * API keys (issue 21.3): a signed-in user's named keys for the public API, sent as
 * `Authorization: Bearer <key>`. The key itself is shown once, when it is created; only its SHA-256 is
 * stored, with its first characters to tell keys apart.
 */

/** What every key starts with, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'ldx_'
/** The header a key is sent in, and its scheme. */
export const API_KEY_HEADER = 'Authorization'
export const API_KEY_SCHEME = 'Bearer'
/** A key's name's length at most, once trimmed. */
export const API_KEY_NAME_MAX_LENGTH = 100
/** How many days of calls a key's usage lists (today included). */
export const API_KEY_USAGE_DAYS = 30
/** The 409 answered when the user already holds API_KEYS_PER_USER keys. */
export const API_KEY_CAP_REACHED = 'You have as many API keys as a user may hold: revoke one first'

export const apiKeyName = safeText
  .max(API_KEY_NAME_MAX_LENGTH)
  .regex(VISIBLE_TEXT_PATTERN, 'is required and holds no control character')
  .trim()

/** POST /api/users/me/api-keys */
export const apiKeyCreate = z.object({ name: apiKeyName })
export type ApiKeyCreate = z.infer<typeof apiKeyCreate>

/** Calls made with a key on one UTC day. */
export const apiKeyDay = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  calls: z.number().int().nonnegative(),
})

/** A key as its owner sees it on Settings: never the key itself. */
export const apiKeySummary = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** The key's first characters (API_KEY_PREFIX and 6 more), to tell keys apart. */
  start: z.string(),
  created: z.iso.datetime(),
  /** The last UTC day the key was used, or null. */
  last_used: z.string().nullable(),
  /** Calls today (UTC). */
  calls_today: z.number().int().nonnegative(),
  /** Calls per UTC day over the last API_KEY_USAGE_DAYS days, oldest first; days without calls left out. */
  usage: z.array(apiKeyDay),
})
export type ApiKeySummary = z.infer<typeof apiKeySummary>

/** GET /api/users/me/api-keys: the user's keys (not revoked), newest first, and the limits they get. */
export const apiKeyList = z.object({
  keys: z.array(apiKeySummary),
  /** How many keys a user may hold at once. */
  max_keys: z.number().int().positive(),
  /** Calls a key may make per window, and the window in seconds. */
  limit: z.number().int().positive(),
  window_seconds: z.number().int().positive(),
})
export type ApiKeyList = z.infer<typeof apiKeyList>

/** The answer to creating a key: the only time `key` is ever sent. */
export const apiKeyCreated = apiKeySummary.extend({ key: z.string() })
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>
