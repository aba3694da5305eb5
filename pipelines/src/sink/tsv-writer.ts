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
    this.reserve(17)
    if (v < 10) {
      this.buf[this.pos++] = 48 + v
    } else {
      let digits = 0
      for (let t = v; t >= 1; t = Math.floor(t / 10)) digits++
      let p = this.pos + digits - 1
      for (let t = v; t >= 1; t = Math.floor(t / 10)) this.buf[p--] = 48 + (t % 10)
      this.pos += digits
    }
    this.buf[this.pos++] = 9
    return this
  }

  nullableUint(v: number | null): this {
    if (v === null) return this.raw('\\N')
    return this.uint(v)
  }

  /** Text known to need no escaping (hex ids, enum values), followed by a tab. */
  raw(s: string): this {
    this.reserve(s.length * 3 + 1)
    this.pos += this.buf.write(s, this.pos, 'utf8')
    this.buf[this.pos++] = 9
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
