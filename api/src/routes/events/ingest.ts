import {
  EVENT_BODY_MAX_BYTES,
  EVENT_HEADERS,
  EVENT_MAX_AGE_MS,
  EVENTS_PATH,
  eventIngestResult,
  GAME_KEY_PATTERN,
  type GameEventV1,
  gameEventBatch,
  SCHEMA_VERSION,
  SIGNATURE_MAX_AGE_MS,
  SIGNATURE_MAX_AHEAD_MS,
  SIGNATURE_PATTERN,
  SIGNATURE_TIMESTAMP_PATTERN,
  topics,
} from '@ludex/schemas'
import type { Context } from 'koa'
import type { Accounts } from '../../accounts/accounts.ts'
import { accountsOf } from '../../accounts/route-support.ts'
import type { SigningCredential } from '../../credentials/credentials.ts'
import { signatureMatches } from '../../credentials/signature.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { parseBodyBytes } from '../../http/validate.ts'

/** How long an accepted batch may wait for the bus before the call answers 503 (the game retries). */
export const EVENT_PUBLISH_TIMEOUT_MS = 5_000
/** Seconds a 503 asks the game server to wait. */
const UNAVAILABLE_RETRY_AFTER_S = 5

const unauthorized = (code: string, message: string, field?: string) =>
  new ApiError(401, code, message, field ? [{ field, message }] : undefined)

/** The three headers of a signed request, well-formed, or a 401 naming the one at fault. */
function signedHeaders(ctx: Context): { gameKey: string; timestamp: string; signature: string } {
  const gameKey = ctx.get(EVENT_HEADERS.gameKey)
  const timestamp = ctx.get(EVENT_HEADERS.timestamp)
  const signature = ctx.get(EVENT_HEADERS.signature).toLowerCase()
  if (!GAME_KEY_PATTERN.test(gameKey)) {
    throw unauthorized('unsigned', 'Requests must carry a game key', `header.${EVENT_HEADERS.gameKey}`)
  }
  if (!SIGNATURE_TIMESTAMP_PATTERN.test(timestamp)) {
    throw unauthorized(
      'unsigned',
      'Requests must carry the signing time in whole seconds since 1970',
      `header.${EVENT_HEADERS.timestamp}`,
    )
  }
  if (!SIGNATURE_PATTERN.test(signature)) {
    throw unauthorized(
      'unsigned',
      'Requests must carry an HMAC-SHA256 signature in hex',
      `header.${EVENT_HEADERS.signature}`,
    )
  }
  return { gameKey, timestamp, signature }
}

/**
 * Who sent the batch, once everything a game server proves is proven: a fresh timestamp, a known key,
 * the signature of these exact bytes with its secret, an enabled credential, room in its budget, and
 * a request not seen before. Each refusal says which.
 */
async function authenticate(
  ctx: Context,
  accounts: Accounts,
  rawBody: Buffer,
  nowMs: number,
): Promise<SigningCredential> {
  const credentials = accounts.credentials
  if (!credentials)
    throw new ApiError(503, 'credentials_unavailable', 'Event credentials are not enabled here')
  const { gameKey, timestamp, signature } = signedHeaders(ctx)
  const signedAt = Number(timestamp) * 1000
  if (signedAt < nowMs - SIGNATURE_MAX_AGE_MS) {
    throw unauthorized(
      'stale_timestamp',
      `Signed more than ${SIGNATURE_MAX_AGE_MS / 60_000} minutes ago: sign each attempt afresh`,
      `header.${EVENT_HEADERS.timestamp}`,
    )
  }
  if (signedAt > nowMs + SIGNATURE_MAX_AHEAD_MS) {
    throw unauthorized(
      'timestamp_ahead',
      "Signed in the future: check the game server's clock",
      `header.${EVENT_HEADERS.timestamp}`,
    )
  }
  const credential = await credentials.forSigning(gameKey)
  if (!credential) throw unauthorized('unknown_game_key', 'No event credential has this game key')
  // Checked before the disabled flag: only the holder of the secret learns that the key is disabled.
  if (!signatureMatches(credential.secretKey, timestamp, rawBody, signature)) {
    throw unauthorized('bad_signature', 'The signature does not match the body and timestamp')
  }
  if (credential.disabled) throw new ApiError(403, 'credential_disabled', 'This event credential is disabled')
  const budget = await accounts.limiter.take(`events:key:${gameKey}`, accounts.limits.events)
  if (!budget.allowed) {
    ctx.set('Retry-After', String(budget.retryAfterSeconds))
    throw new ApiError(429, 'rate_limited', 'Too many batches for this game key: try again later')
  }
  // A signature is valid for as long as its timestamp is fresh: remember it that long, once.
  const seen = await accounts.limiter.take(`events:signature:${signature}`, {
    limit: 1,
    windowMs: SIGNATURE_MAX_AGE_MS + SIGNATURE_MAX_AHEAD_MS,
  })
  if (!seen.allowed) {
    throw new ApiError(409, 'replayed', 'This exact request was received already (its events are stored)')
  }
  return credential
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  // A publish still running after the answer went out may yet fail: the game server retries the
  // batch it was told was not taken, so that failure needs no handler of its own.
  work.catch(() => undefined)
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

export const eventIngestRoute = defineRoute({
  method: 'POST',
  path: EVENTS_PATH,
  resource: 'events',
  summary: 'Send a signed batch of game events (game servers, with an event credential)',
  description: [
    `A game server posts {events: [...]} (1 to 500) signed with an event credential. Headers:`,
    `${EVENT_HEADERS.gameKey} (the game key), ${EVENT_HEADERS.timestamp} (whole seconds since 1970 UTC)`,
    `and ${EVENT_HEADERS.signature}: the lower-case hex HMAC-SHA256 of timestamp + "." + the body bytes`,
    'as sent, keyed with the secret key (its text as ASCII bytes). Refused: a missing or malformed header,',
    'a timestamp over 5 minutes old or over 1 minute ahead, an unknown key or a wrong signature (401); a',
    'disabled credential (403); the same signed request a second time (409: it was received; sign each',
    'attempt afresh); over the credential’s budget (429 with Retry-After); a body over 512 KiB (413); an',
    'event over 7 days old or over 1 minute ahead, or against the schema (400 naming it). Accepted events',
    'go to the bus (game-events.v1) and are stored once per experience and event id, so a batch sent',
    'again counts once; daily counts follow within seconds (GET /api/stats/events). 503 with Retry-After',
    'when the bus does not take the batch in time.',
  ].join(' '),
  body: gameEventBatch,
  rawBody: { maxBytes: EVENT_BODY_MAX_BYTES },
  security: 'gameKey',
  requestHeaders: {
    [EVENT_HEADERS.timestamp]: {
      description: 'When the request was signed: whole seconds since 1970-01-01 UTC',
      required: true,
      pattern: SIGNATURE_TIMESTAMP_PATTERN.source,
    },
    [EVENT_HEADERS.signature]: {
      description: 'HMAC-SHA256 of timestamp + "." + body with the secret key, lower-case hex',
      required: true,
      pattern: SIGNATURE_PATTERN.source,
    },
  },
  response: eventIngestResult,
  errors: [401, 403, 409, 413, 429, 503],
  handler: async ({ deps, ctx, rawBody }) => {
    const accounts = accountsOf(deps)
    const nowMs = deps.now()
    const credential = await authenticate(ctx, accounts, rawBody ?? Buffer.alloc(0), nowMs)
    const { events } = parseBodyBytes(gameEventBatch, rawBody ?? Buffer.alloc(0))
    const tooOld = nowMs - EVENT_MAX_AGE_MS
    const tooNew = nowMs + SIGNATURE_MAX_AHEAD_MS
    const late = events.flatMap((e, i) =>
      e.time < tooOld || e.time > tooNew
        ? [
            {
              field: `body.events.${i}.time`,
              message: 'must be within the last 7 days and not over 1 minute ahead',
            },
          ]
        : [],
    )
    if (late.length > 0) throw ApiError.badRequest(late)
    const bus = deps.publisher
    if (!bus) {
      ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
      throw new ApiError(503, 'events_unavailable', 'This server has no bus for game events')
    }
    const messages: GameEventV1[] = events.map((e) => ({
      schema_version: SCHEMA_VERSION,
      place_id: credential.placeId,
      game_key: credential.gameKey,
      event_id: e.id,
      name: e.name,
      time: e.time,
      value: e.value ?? null,
      properties: JSON.stringify(e.properties ?? {}),
      received_at: nowMs,
    }))
    await withTimeout(bus.publish(topics.gameEvents, messages), EVENT_PUBLISH_TIMEOUT_MS, () => {
      ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
      return new ApiError(503, 'events_unavailable', 'The bus did not take the batch in time: try again')
    })
    return { accepted: messages.length }
  },
})
