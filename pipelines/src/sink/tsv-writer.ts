/**
 * Writes TabSeparated text straight into a growing byte buffer. Building a batch by string concatenation
 * leaves one rope node per piece for the collector (millions per batch); the profile of the ingest bench
 * showed garbage collection as the largest cost, so the hot tables are encoded here instead.
 */
export class TsvWriter {
  private buf: Buffer
  private pos = 0

  constructor(initialBytes = 1 << 20) {
    this.buf = Buffer.allocUnsafe(initialBytes)
  }

  private reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n))
    this.buf.copy(next, 0, 0, this.pos)
    this.buf = next
  }

  /** A non-negative integer (≤ 2^53) followed by a tab. */
  uint(v: number): this {
    this.reserve(18)
    let pos = this.pos
    if (v >= 1e8) {
      // Split so every digit loop runs on 32-bit integers: high part < 2^53 / 1e8 < 1e8, low part 8 digits.
      const high = Math.floor(v / 1e8)
      const n = digitCount(high)
      writeDigits(this.buf, pos, pos + n, high)
      pos += n
      writeDigits(this.buf, pos, pos + 8, v - high * 1e8)
      pos += 8
    } else {
      const n = digitCount(v)
      writeDigits(this.buf, pos, pos + n, v)
      pos += n
    }
    this.buf[pos] = 9
    this.pos = pos + 1
    return this
  }

  nullableUint(v: number | null): this {
    if (v === null) return this.raw('\\N')
    return this.uint(v)
  }

  /** ASCII text known to need no escaping (enum values), followed by a tab. */
  raw(s: string): this {
    this.reserve(s.length + 1)
    let pos = this.pos
    for (let i = 0; i < s.length; i++) this.buf[pos++] = s.charCodeAt(i)
    this.buf[pos] = 9
    this.pos = pos + 1
    return this
  }

  /** Ends the row: replaces the trailing tab with a newline. */
  endRow(): void {
    this.buf[this.pos - 1] = 10
  }

  get byteLength(): number {
    return this.pos
  }

  /** The text so far (a view, not a copy: do not write after taking it). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.pos)
  }
}

/** Decimal digits of v (an integer below 1e8; 1 for 0). */
function digitCount(v: number): number {
  return v < 1e4
    ? v < 100
      ? v < 10
        ? 1
        : 2
      : v < 1e3
        ? 3
        : 4
    : v < 1e6
      ? v < 1e5
        ? 5
        : 6
      : v < 1e7
        ? 7
        : 8
}

/** "00" to "99" as ASCII byte pairs: two digits per division (the digit loop was the encoder's cost). */
const DIGIT_PAIRS = Uint8Array.from(
  { length: 200 },
  (_, i) => 48 + (i % 2 === 0 ? Math.floor(i / 20) : (i >> 1) % 10),
)

/**
 * Writes v (an integer below 1e8) in decimal into [start, end), right-aligned, two digits per division,
 * zero-padded on the left (a low part is always 8 digits).
 */
function writeDigits(buf: Buffer, start: number, end: number, v: number): void {
  let t = v
  let p = end
  while (t >= 100) {
    const q = (t / 100) | 0
    const pair = (t - q * 100) << 1
    buf[--p] = DIGIT_PAIRS[pair + 1] as number
    buf[--p] = DIGIT_PAIRS[pair] as number
    t = q
  }
  if (t >= 10) {
    buf[--p] = DIGIT_PAIRS[(t << 1) + 1] as number
    buf[--p] = DIGIT_PAIRS[t << 1] as number
  } else {
    buf[--p] = 48 + t
  }
  while (p > start) buf[--p] = 48
}
