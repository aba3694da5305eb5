/**
 * How a game server signs a batch of events (POST /api/events). The request carries three headers:
 *
 * - `X-Ludex-Game-Key`: the credential's game key (32 lower-case hex digits);
 * - `X-Ludex-Timestamp`: the time of signing, whole seconds since 1970-01-01 UTC, in decimal;
 * - `X-Ludex-Signature`: the HMAC-SHA256 of `timestamp + "." + body`, keyed with the credential's
 *   secret key, in lower-case hex (64 digits).
 *
 * The body is the exact bytes sent (UTF-8 JSON); the key is the secret key's text as ASCII bytes (it
 * is base64url, so ASCII). A server recomputes the HMAC over the bytes it received, never over a
 * re-serialised body. Pure text here (no crypto): the API verifies with node:crypto, the Luau module
 * computes it in Luau, and the tests compute it on both sides from this description.
 */
export const EVENT_HEADERS = {
  gameKey: 'X-Ludex-Game-Key',
  timestamp: 'X-Ludex-Timestamp',
  signature: 'X-Ludex-Signature',
} as const

/** The path game servers post to. */
export const EVENTS_PATH = '/api/events'

export const GAME_KEY_PATTERN = /^[0-9a-f]{32}$/
/** Seconds since the epoch: digits only, at most 12 (well past the year 2100). */
export const SIGNATURE_TIMESTAMP_PATTERN = /^[0-9]{1,12}$/
export const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/

/** The text that is signed: the timestamp header's value, a dot, then the body exactly as sent. */
export function signedText(timestamp: string, body: string): string {
  return `${timestamp}.${body}`
}
