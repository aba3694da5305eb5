import { createHmac, timingSafeEqual } from 'node:crypto'

/*
 * The HMAC of a signed event batch, as @ludex/schemas' events/signing.ts describes it:
 * HMAC-SHA256 keyed with the secret key's ASCII bytes, over `timestamp + "." + body`, the body being the
 * bytes received. Computed by streaming the three parts, so the body is never copied into a string.
 */

/** The signature of a body at a timestamp, lower-case hex: what a game server sends. */
export function signEventBody(secretKey: string, timestamp: string, body: Uint8Array | string): string {
  return digest(secretKey, timestamp, body).toString('hex')
}

function digest(secretKey: string, timestamp: string, body: Uint8Array | string): Buffer {
  return createHmac('sha256', Buffer.from(secretKey, 'ascii'))
    .update(timestamp)
    .update('.')
    .update(body)
    .digest()
}

/**
 * Whether `signatureHex` (64 hex digits, checked by the caller) is the body's signature, compared in
 * constant time so the answer's timing says nothing about how much of a guess was right.
 */
export function signatureMatches(
  secretKey: string,
  timestamp: string,
  body: Uint8Array,
  signatureHex: string,
): boolean {
  const given = Buffer.from(signatureHex, 'hex')
  const expected = digest(secretKey, timestamp, body)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
