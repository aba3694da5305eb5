/**
 * Bounds and time rules of game events sent to POST /api/events (issue 17): one place, so the route,
 * the bus message, the Luau module on the page and the tests agree. Durations in milliseconds.
 */

/** Events in one signed batch; the Luau module sends 100 at most. */
export const EVENT_BATCH_MAX = 500
/** Bytes of one request body (a batch of 500 events with full properties fits with room). */
export const EVENT_BODY_MAX_BYTES = 512 * 1024
export const EVENT_ID_MAX_LENGTH = 64
export const EVENT_NAME_MAX_LENGTH = 100
/** Properties of one event, and the length of a key and of a text value. */
export const EVENT_PROPERTIES_MAX = 20
export const EVENT_PROPERTY_KEY_MAX_LENGTH = 64
export const EVENT_PROPERTY_TEXT_MAX_LENGTH = 256

/**
 * A signed request whose timestamp is older than this is refused, so a captured request cannot be
 * replayed later; an identical request within it is refused as a replay (its signature was seen).
 */
export const SIGNATURE_MAX_AGE_MS = 5 * 60_000
/** A timestamp further ahead of the server's clock than this is refused too (a game server's skew). */
export const SIGNATURE_MAX_AHEAD_MS = 60_000

/**
 * An event's own time may lie this far in the past (a game server that buffered through an outage)
 * and SIGNATURE_MAX_AHEAD_MS in the future; anything else is refused with the batch (400 naming it).
 */
export const EVENT_MAX_AGE_MS = 7 * 86_400_000

/**
 * Signed requests one credential may make per window, through the shared rate limiter: one game's
 * servers share a key, so the budget is per key (a busy game has many servers, each sending a batch
 * every few seconds). Over it: 429 with Retry-After.
 */
export const EVENT_RATE_LIMIT_DEFAULT = 12_000
export const EVENT_RATE_WINDOW_MS = 60_000
