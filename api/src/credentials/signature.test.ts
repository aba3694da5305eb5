import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signatureMatches, signEventBody } from './signature.ts'

describe('event batch signatures', () => {
  const secret = 'Zm9vYmFyLXNlY3JldC1rZXktb2YtNDMtY2hhcmFjdGVycw'
  const body = '{"events":[{"id":"a","name":"é ✓","time":1763474580000}]}'

  it('are the HMAC-SHA256 of timestamp "." body, keyed with the secret text', () => {
    const expected = createHmac('sha256', secret).update(`1763474580.${body}`).digest('hex')
    expect(signEventBody(secret, '1763474580', body)).toBe(expected)
    expect(signEventBody(secret, '1763474580', Buffer.from(body))).toBe(expected)
  })

  it('match only the same bytes, timestamp and secret', () => {
    const sig = signEventBody(secret, '100', body)
    const bytes = Buffer.from(body)
    expect(signatureMatches(secret, '100', bytes, sig)).toBe(true)
    expect(signatureMatches(secret, '101', bytes, sig)).toBe(false)
    expect(signatureMatches(`${secret}x`, '100', bytes, sig)).toBe(false)
    expect(signatureMatches(secret, '100', Buffer.from(body.replace('a', 'b')), sig)).toBe(false)
    // Same JSON, different bytes: a server must verify what it received, never a re-serialisation.
    expect(signatureMatches(secret, '100', Buffer.from(JSON.stringify(JSON.parse(body), null, 1)), sig)).toBe(
      false,
    )
    expect(signatureMatches(secret, '100', bytes, sig.slice(0, 62))).toBe(false)
  })
})
