import { isSafeText, SAFE_TEXT_MESSAGE } from '@ludex/schemas'
import type { Context } from 'koa'
import { ApiError } from './api-error.ts'

/** The body cap of every call that states none smaller (RouteDef.maxBodyBytes). */
export const BODY_LIMIT_BYTES = 1 << 20

function sizeText(bytes: number): string {
  return bytes % (1 << 20) === 0 ? `${bytes >> 20} MiB` : `${Math.round(bytes / 1024)} KiB`
}

/**
 * Reads a JSON request body (at most `limitBytes`, 1 MiB by default); an empty body is undefined. Every string in it, keys
 * included, must be safe text (schemas' safeText): the request schemas say so field by field, and
 * this check holds for any body whatever its schema lets through (record keys, future fields).
 */
export async function readJsonBody(ctx: Context, limitBytes = BODY_LIMIT_BYTES): Promise<unknown> {
  return parseJsonBytes(await readBodyBytes(ctx, limitBytes))
}

/**
 * The request body's bytes exactly as sent, at most `limitBytes` (413 beyond), and only as JSON (415
 * otherwise; an empty body is allowed through as zero bytes). Signed calls verify these bytes before
 * anything is parsed.
 */
export async function readBodyBytes(ctx: Context, limitBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('content-length'))
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length
    if (size > limitBytes) throw tooLarge(limitBytes)
    chunks.push(chunk as Buffer)
  }
  if (size > 0 && !ctx.is('application/json')) {
    throw new ApiError(415, 'unsupported_media_type', 'The body must be application/json')
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)
}

function tooLarge(limitBytes: number): ApiError {
  return new ApiError(413, 'payload_too_large', `The body is larger than ${sizeText(limitBytes)}`)
}

/** Parses body bytes read by readBodyBytes as JSON (undefined when empty), safe text everywhere. */
export function parseJsonBytes(bytes: Buffer): unknown {
  if (bytes.length === 0) return undefined
  let value: unknown
  try {
    value = JSON.parse(bytes.toString('utf8'))
  } catch (cause) {
    throw new ApiError(
      400,
      'invalid_json',
      'The body is not valid JSON',
      [{ field: 'body', message: 'is not valid JSON' }],
      {
        cause,
      },
    )
  }
  const unsafe = firstUnsafeString(value)
  if (unsafe)
    throw ApiError.badRequest([{ field: ['body', ...unsafe].join('.'), message: SAFE_TEXT_MESSAGE }])
  return value
}

/** A value met in the walk, with the way back to the root (the path is built only on a hit). */
interface Visit {
  readonly value: unknown
  readonly key: string | null
  readonly parent: Visit | null
}

function pathOf(visit: Visit | null): string[] {
  const path: string[] = []
  for (let v = visit; v && v.key !== null; v = v.parent) path.unshift(v.key)
  return path
}

/**
 * The path of the first string that is not safe text (for a key: the path of its object), or null.
 * A loop over an explicit stack: JSON.parse takes nesting far deeper than the call stack would.
 */
function firstUnsafeString(root: unknown): string[] | null {
  const stack: Visit[] = [{ value: root, key: null, parent: null }]
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value } = visit
    if (typeof value === 'string') {
      if (!isSafeText(value)) return pathOf(visit)
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: String(i), parent: visit })
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, v] of Object.entries(value).reverse()) {
        if (!isSafeText(key)) return pathOf(visit)
        stack.push({ value: v, key, parent: visit })
      }
    }
  }
  return null
}
