import type { IncomingMessage, ServerResponse } from 'node:http'

/** A response the router decided on; written by the server with the common headers. */
export interface Reply {
  readonly status: number
  readonly body: unknown
  readonly headers?: Readonly<Record<string, string>>
}

export function ok(body: unknown): Reply {
  return { status: 200, body }
}

/**
 * The shapes Roblox's error envelope comes in (roblox-api.md §0, §16): the documented one with
 * `userFacingMessage`, one with a `subcode` and no `userFacingMessage`, one naming the `field`.
 */
export const ERROR_ENVELOPES = ['documented', 'subcode', 'field'] as const
export type ErrorEnvelope = (typeof ERROR_ENVELOPES)[number]

export interface FailOptions {
  readonly headers?: Record<string, string>
  readonly envelope?: ErrorEnvelope
  /** The request field the error is about, for the 'field' envelope. */
  readonly field?: string
}

/** An error reply in one of Roblox's envelopes (the documented one unless told). */
export function fail(status: number, code: number, message: string, options: FailOptions = {}): Reply {
  const envelope = options.envelope ?? 'documented'
  const error =
    envelope === 'subcode'
      ? { code, subcode: 0, message }
      : envelope === 'field'
        ? { code, message, field: options.field ?? 'universeIds' }
        : { code, message, userFacingMessage: 'Something went wrong' }
  return { status, body: { errors: [error] }, ...(options.headers ? { headers: options.headers } : {}) }
}

export class RequestBodyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'RequestBodyError'
  }
}

const MAX_BODY = 1_000_000

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buf = chunk as Buffer
    size += buf.length
    if (size > MAX_BODY) throw new RequestBodyError('body too large')
    chunks.push(buf)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    return text.length === 0 ? null : JSON.parse(text)
  } catch (cause) {
    throw new RequestBodyError('body is not JSON', { cause })
  }
}

export function write(res: ServerResponse, reply: Reply, common: Record<string, string>): void {
  const text = JSON.stringify(reply.body)
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...common,
    ...reply.headers,
  })
  res.end(text)
}

/**
 * An id list from the query, as CSV or repeated keys. Returns null when any element is not a positive
 * integer (Roblox answers 400 code 8 / 1 to that), [] when the key is absent.
 */
export function idList(query: URLSearchParams, key: string): number[] | null {
  const out: number[] = []
  for (const value of query.getAll(key)) {
    for (const part of value.split(',')) {
      const t = part.trim()
      if (t === '') continue
      if (!/^\d{1,16}$/.test(t)) return null
      const n = Number(t)
      if (!Number.isSafeInteger(n) || n <= 0) return null
      out.push(n)
    }
  }
  return out
}

/** Fisher–Yates with the injected random: upstream order is not guaranteed, so clients must match on id. */
export function shuffled<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const a = items[i] as T
    items[i] = items[j] as T
    items[j] = a
  }
  return items
}

const OFFSET_MS = -5 * 3_600_000

/**
 * A date-time as upstream writes it (roblox-api.md §16), in one of three forms picked from the second so
 * every form occurs: `Z` with 7 fraction digits, `+00:00` with 3, and the local offset `-05:00` with 7.
 * Digits past the millisecond are a fixed function of it, so the instant read back is always `ms`.
 */
export function iso(ms: number): string {
  const form = Math.floor(ms / 1000) % 3
  const sub = String(((ms % 10_000) * 7919) % 10_000).padStart(4, '0')
  if (form === 1) return new Date(ms).toISOString().replace('Z', '+00:00')
  if (form === 0) return new Date(ms).toISOString().replace('Z', `${sub}Z`)
  return new Date(ms + OFFSET_MS).toISOString().replace('Z', `${sub}-05:00`)
}

export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64')
}

/** Offset of a cursor, or null when it is not one of ours. */
export function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64').toString('utf8')
  const m = /^o:(\d+)$/.exec(text)
  return m ? Number(m[1]) : null
}
