/**
 * Deterministic 64-bit id over the parts, as 16 hex digits: two 32-bit FNV-1a lanes with different
 * offset bases over the UTF-16 code units of the parts joined by U+001F. Not cryptographic: it only has
 * to make the same (source, key, slot) give the same id on every producer, forever, and stay cheap
 * enough for tens of millions of backfill snapshots.
 */
export function messageIdOf(...parts: ReadonlyArray<string | number>): string {
  const text = parts.join('\u001f')
  let a = 0x811c9dc5
  let b = 0x050c5d1f
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15)
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}
