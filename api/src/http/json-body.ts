import type { Context } from 'koa'
import { ApiError } from './api-error.ts'

const LIMIT_BYTES = 1 << 20

/** Reads a JSON request body (at most 1 MiB); an empty body is undefined. */
export async function readJsonBody(ctx: Context): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length
    if (size > LIMIT_BYTES) throw new ApiError(413, 'payload_too_large', 'The body is larger than 1 MiB')
    chunks.push(chunk as Buffer)
  }
  if (size === 0) return undefined
  if (!ctx.is('application/json')) {
    throw new ApiError(415, 'unsupported_media_type', 'The body must be application/json')
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
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
}
