import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Context } from 'koa'

/*
 * A kept answer's compressed bytes (issue 19.5). koa-compress compresses every answer on every request:
 * for the slim list (half a megabyte of JSON) that is tens of milliseconds of CPU per call, which 32
 * browsers asking at once queue behind. An answer that is one kept object (a cached value served
 * again) is compressed once per encoding instead, and its bytes are served as they are; koa-compress
 * leaves an answer that states its Content-Encoding alone.
 */

/** Answers smaller than this go as they are: compressing them saves little (the app's koa-compress too). */
export const COMPRESS_THRESHOLD_BYTES = 1024

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * The encodings a kept answer is written in, in the server's order of preference; the parameters are
 * koa-compress's defaults (brotli at quality 4: a higher one costs several times the CPU for a few
 * percent less), so an answer's bytes are the same size whether it was kept or not.
 */
const ENCODERS = {
  br: (bytes: Buffer) => brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (bytes: Buffer) => gzip(bytes),
} as const

export type AnswerEncoding = keyof typeof ENCODERS

const PREFERENCE = Object.keys(ENCODERS) as AnswerEncoding[]

/** The encoding to send `size` bytes in for this request, or null to send them as they are. */
export function answerEncoding(ctx: Context, size: number): AnswerEncoding | null {
  if (size < COMPRESS_THRESHOLD_BYTES || ctx.method === 'HEAD') return null
  // One at a time: a client listing several equally (browsers do) gets the server's preference.
  return PREFERENCE.find((encoding) => ctx.acceptsEncodings(encoding) === encoding) ?? null
}

/** A kept answer's bytes in each encoding asked for so far, each compressed once (concurrent asks share it). */
export class EncodedBytes {
  readonly #encoded = new Map<AnswerEncoding, Promise<Buffer>>()

  constructor(readonly bytes: Buffer) {}

  in(encoding: AnswerEncoding): Promise<Buffer> {
    let encoded = this.#encoded.get(encoding)
    if (!encoded) {
      encoded = ENCODERS[encoding](this.bytes)
      this.#encoded.set(encoding, encoded)
      // A failed compression is not kept: the next request tries again.
      encoded.catch(() => this.#encoded.delete(encoding))
    }
    return encoded
  }
}

/** Answers with a kept answer's bytes in `encoding` (koa-compress then leaves them as they are). */
export async function sendEncoded(ctx: Context, kept: EncodedBytes, encoding: AnswerEncoding): Promise<void> {
  const body = await kept.in(encoding)
  ctx.set('Content-Encoding', encoding)
  ctx.vary('Accept-Encoding')
  ctx.body = body
}
