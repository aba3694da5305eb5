/**
 * messageIdOf('backfill', universeId, slot) of @ludex/schemas, computed incrementally: the hash state
 * after 'backfill␟<universe>␟' is kept per experience, so each snapshot hashes only the slot's digits.
 * Must stay bit-identical to messageIdOf (a test compares them).
 */
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

export interface IdPrefix {
  readonly a: number
  readonly b: number
}

export function idPrefix(source: string, key: number | string): IdPrefix {
  const text = `${source}\u001f${key}\u001f`
  let a = 0x811c9dc5
  let b = 0x050c5d1f
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15)
  }
  return { a, b }
}

/** Char codes of a number's decimal text (the slot, shared by every experience of that slot). */
export function digitsOf(n: number): Uint16Array {
  const text = String(n)
  const out = new Uint16Array(text.length)
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i)
  return out
}

export function finishId(a0: number, b0: number, digits: Uint16Array): string {
  let a = a0
  let b = b0
  for (let i = 0; i < digits.length; i++) {
    const c = digits[i] as number
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15)
  }
  return hex64(a >>> 0, b >>> 0)
}
