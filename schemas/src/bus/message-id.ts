/**
 * Deterministic 64-bit message ids, as 16 hex digits: two 32-bit FNV-1a lanes with different offset
 * bases over the UTF-16 code units of the parts joined by U+001F. Not cryptographic: it only has to make
 * the same (source, key, slot) give the same id on every producer, forever, and stay cheap enough for
 * tens of millions of backfill snapshots — hence the incremental form below, which hashes a shared
 * prefix once and only the last part per message.
 */
const SEPARATOR = '\u001f'
const LANE_A = 0x811c9dc5
const LANE_B = 0x050c5d1f
const PRIME = 0x01000193

/** The hash state after a prefix of parts, each followed by the separator. */
export interface MessageIdPrefix {
  readonly a: number
  readonly b: number
}

function mixText(a0: number, b0: number, text: string): MessageIdPrefix {
  let a = a0
  let b = b0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, PRIME)
    b = Math.imul(b ^ c, PRIME) ^ (b >>> 15)
  }
  return { a, b }
}

const HEX_CODES = Uint16Array.from('0123456789abcdef', (c) => c.charCodeAt(0))

/** 16 hex digits of two 32-bit lanes as one flat string (a single allocation, no concatenations). */
function hex64(a: number, b: number): string {
  const h = HEX_CODES
  return String.fromCharCode(
    h[a >>> 28] as number,
    h[(a >>> 24) & 15] as number,
    h[(a >>> 20) & 15] as number,
    h[(a >>> 16) & 15] as number,
    h[(a >>> 12) & 15] as number,
    h[(a >>> 8) & 15] as number,
    h[(a >>> 4) & 15] as number,
    h[a & 15] as number,
    h[b >>> 28] as number,
    h[(b >>> 24) & 15] as number,
    h[(b >>> 20) & 15] as number,
    h[(b >>> 16) & 15] as number,
    h[(b >>> 12) & 15] as number,
    h[(b >>> 8) & 15] as number,
    h[(b >>> 4) & 15] as number,
    h[b & 15] as number,
  )
}

export function messageIdOf(...parts: ReadonlyArray<string | number>): string {
  const { a, b } = mixText(LANE_A, LANE_B, parts.join(SEPARATOR))
  return hex64(a >>> 0, b >>> 0)
}

/** State after hashing `parts` and a separator: finish it with the last part's code units. */
export function messageIdPrefix(...parts: ReadonlyArray<string | number>): MessageIdPrefix {
  return mixText(LANE_A, LANE_B, parts.join(SEPARATOR) + SEPARATOR)
}

/** The UTF-16 code units of a part's text, to hash once and share across many messages. */
export function messageIdPartCodes(part: string | number): Uint16Array {
  const text = String(part)
  const out = new Uint16Array(text.length)
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i)
  return out
}

/**
 * messageIdOf(...prefixParts, lastPart) from messageIdPrefix(...prefixParts) (given as its two lanes, so
 * callers can keep them in typed arrays) and messageIdPartCodes(lastPart).
 */
export function finishMessageId(a0: number, b0: number, lastPart: Uint16Array): string {
  let a = a0
  let b = b0
  for (let i = 0; i < lastPart.length; i++) {
    const c = lastPart[i] as number
    a = Math.imul(a ^ c, PRIME)
    b = Math.imul(b ^ c, PRIME) ^ (b >>> 15)
  }
  return hex64(a >>> 0, b >>> 0)
}
