import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Koa from 'koa'
import { describe, expect, it } from 'vitest'
import { answerEncoding, COMPRESS_THRESHOLD_BYTES, EncodedBytes } from './encoded-answer.ts'

const app = new Koa()
function contextWith(headers: Record<string, string>, method = 'GET') {
  return app.createContext(
    { headers, method, url: '/', socket: {} } as never,
    { getHeader: () => undefined, setHeader: () => {} } as never,
  )
}

describe('a kept answer’s encoding', () => {
  it('is brotli when the client takes it (browsers list gzip first), else gzip, else none', () => {
    const big = COMPRESS_THRESHOLD_BYTES
    expect(answerEncoding(contextWith({ 'accept-encoding': 'gzip, deflate, br, zstd' }), big)).toBe('br')
    expect(answerEncoding(contextWith({ 'accept-encoding': 'gzip, deflate' }), big)).toBe('gzip')
    expect(answerEncoding(contextWith({ 'accept-encoding': 'br;q=0, gzip' }), big)).toBe('gzip')
    expect(answerEncoding(contextWith({ 'accept-encoding': 'identity' }), big)).toBeNull()
    expect(answerEncoding(contextWith({}), big)).toBeNull()
  })

  it('is none below the threshold, and for HEAD', () => {
    const accept = { 'accept-encoding': 'br, gzip' }
    expect(answerEncoding(contextWith(accept), COMPRESS_THRESHOLD_BYTES - 1)).toBeNull()
    expect(answerEncoding(contextWith(accept, 'HEAD'), COMPRESS_THRESHOLD_BYTES)).toBeNull()
  })

  it('compresses once per encoding, to bytes that decode to the answer', async () => {
    const text = JSON.stringify(
      Array.from({ length: 500 }, (_, i) => ({ place_id: i, name: `Experience ${i}` })),
    )
    const kept = new EncodedBytes(Buffer.from(text))
    const [br, again, gz] = await Promise.all([kept.in('br'), kept.in('br'), kept.in('gzip')])
    expect(again).toBe(br)
    expect(await kept.in('br')).toBe(br)
    expect(brotliDecompressSync(br).toString('utf8')).toBe(text)
    expect(gunzipSync(gz).toString('utf8')).toBe(text)
    expect(br.length).toBeLessThan(text.length / 4)
  })
})
