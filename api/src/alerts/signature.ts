import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/*
 * Webhook signatures: HMAC-SHA256 of the exact body bytes under the alert's secret, sent as
 * `X-Ludex-Signature: sha256=<hex>`, with `X-Ludex-Timestamp: <unix seconds>`. The body carries the
 * same timestamp (JSON: `timestamp`; Discord: the embed's `timestamp`), so the signature covers it too:
 * a receiver checks the signature, then refuses a timestamp too far from its own clock (a replay).
 */

/** A new alert's webhook secret: 256 random bits, hex. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('hex')
}

/** The value of the signature header for `body`. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`
}

/** What a receiver does: recompute the signature of the bytes it got and compare in constant time. */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined | null,
): boolean {
  if (!header) return false
  const expected = Buffer.from(signWebhookBody(secret, body), 'utf8')
  const given = Buffer.from(header, 'utf8')
  return expected.length === given.length && timingSafeEqual(expected, given)
}
