/**
 * Stateless hashing PRNG. Every random value of the model is a pure function of (seed, key, stream), so
 * any experience at any time is computable on its own, in any order, in any process, with the same result.
 */

function fmix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** 32-bit hash of up to three integer keys under a seed. Keys may exceed 2^32 (they are folded). */
export function hash32(seed: number, a: number, b = 0, c = 0): number {
  let h = fmix(seed ^ 0x9e3779b9)
  h = fmix((h + Math.imul(a | 0, 0x27d4eb2d) + ((a / 4294967296) | 0)) >>> 0)
  h = fmix((h ^ Math.imul(b | 0, 0x165667b1)) + ((b / 4294967296) | 0))
  h = fmix((h + Math.imul(c | 0, 0x61c88647)) >>> 0)
  return h
}

/** Uniform in [0, 1). */
export function unit(seed: number, a: number, b = 0, c = 0): number {
  return hash32(seed, a, b, c) / 4294967296
}

/** Picks an element with probability proportional to its weight, using u in [0, 1). */
export function pickWeighted<T>(items: readonly (readonly [T, number])[], u: number): T {
  let total = 0
  for (const [, w] of items) total += w
  let x = u * total
  for (const [item, w] of items) {
    x -= w
    if (x < 0) return item
  }
  const last = items[items.length - 1]
  if (!last) throw new RangeError('pickWeighted of an empty list')
  return last[0]
}

export function pick<T>(items: readonly T[], u: number): T {
  const item = items[Math.floor(u * items.length)]
  if (item === undefined) throw new RangeError('pick of an empty list')
  return item
}

/** Eight lower-case hex digits of a 32-bit value. */
export function hex8(x: number): string {
  return (x >>> 0).toString(16).padStart(8, '0')
}
