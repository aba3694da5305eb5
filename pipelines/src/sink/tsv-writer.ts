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
      pos = writeSmallUint(this.buf, pos, high)
      writeDigits(this.buf, pos, v - high * 1e8, 8)
      pos += 8
    } else {
      pos = writeSmallUint(this.buf, pos, v)
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

/** Writes v (an integer below 1e8) in decimal at pos; returns the position after it. */
function writeSmallUint(buf: Buffer, pos: number, v: number): number {
  const digits =
    v < 10 ? 1 : v < 100 ? 2 : v < 1e3 ? 3 : v < 1e4 ? 4 : v < 1e5 ? 5 : v < 1e6 ? 6 : v < 1e7 ? 7 : 8
  writeDigits(buf, pos, v, digits)
  return pos + digits
}

/** Writes exactly `digits` decimal digits of v (< 1e8, zero-padded) at pos. */
function writeDigits(buf: Buffer, pos: number, v: number, digits: number): void {
  let t = v
  for (let p = pos + digits - 1; p >= pos; p--) {
    const q = (t / 10) | 0
    buf[p] = 48 + t - q * 10
    t = q
  }
}
