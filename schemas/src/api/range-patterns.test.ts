import { describe, expect, it } from 'vitest'
import { isoDateRangePattern, numericRangePattern } from './range-patterns.ts'

const whole = (alternatives: string) => new RegExp(`^(?:${alternatives})$`)

describe('numericRangePattern', () => {
  it('matches exactly the numbers of every range of two-digit numbers', () => {
    for (let lo = 0; lo < 100; lo++) {
      for (let hi = lo; hi < 100; hi++) {
        const re = whole(numericRangePattern(lo, hi, 2))
        for (let v = 0; v < 100; v++) {
          if (re.test(String(v).padStart(2, '0')) !== (v >= lo && v <= hi)) {
            throw new Error(`${lo}…${hi} is wrong about ${v}: ${re}`)
          }
        }
      }
    }
  })

  it('matches exactly the numbers of three- and four-digit ranges around their ends', () => {
    const ranges: [number, number, number][] = [
      [0, 999, 3],
      [100, 199, 3],
      [109, 891, 3],
      [7, 7, 3],
      [1999, 2001, 4],
      [1000, 9999, 4],
      [2006, 2099, 4],
    ]
    for (const [lo, hi, width] of ranges) {
      const re = whole(numericRangePattern(lo, hi, width))
      for (let v = 0; v < 10 ** width; v++) {
        expect(re.test(String(v).padStart(width, '0')), `${lo}…${hi}: ${v}`).toBe(v >= lo && v <= hi)
      }
    }
  })

  it('holds 13-digit epoch milliseconds at their ends', () => {
    const [lo, hi] = [1_136_073_600_000, 4_102_444_800_000]
    const re = whole(numericRangePattern(lo, hi, 13))
    for (const v of [lo, lo + 1, hi - 1, hi, 2_000_000_000_000, 4_099_999_999_999])
      expect(re.test(String(v)), `${v}`).toBe(true)
    for (const v of [lo - 1, hi + 1, 1_000_000_000_000, 9_999_999_999_999])
      expect(re.test(String(v)), `${v}`).toBe(false)
  })

  it('refuses what is not a range', () => {
    expect(() => numericRangePattern(5, 4, 2)).toThrow(RangeError)
    expect(() => numericRangePattern(-1, 4, 2)).toThrow(RangeError)
    expect(() => numericRangePattern(0, 100, 2)).toThrow(RangeError)
  })
})

describe('isoDateRangePattern', () => {
  /** Every YYYY-MM-DD spelling (months 01-12, days 01-31) of the years given. */
  function* spellings(fromYear: number, toYear: number) {
    for (let y = fromYear; y <= toYear; y++)
      for (let m = 1; m <= 12; m++)
        for (let d = 1; d <= 31; d++) yield `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
  }

  it.each([
    ['2006-01-01', '2100-01-01'],
    ['2006-01-02', '2099-12-30'],
    ['2006-03-15', '2006-03-20'],
    ['2006-02-10', '2008-11-05'],
    ['2007-01-01', '2007-12-31'],
    ['2006-12-31', '2007-01-01'],
  ])('matches exactly the spellings from %s to %s', (from, to) => {
    const re = whole(isoDateRangePattern(from, to))
    const [y1, y2] = [Number(from.slice(0, 4)), Number(to.slice(0, 4))]
    for (const s of spellings(y1 - 1, Math.min(y2 + 1, y1 + 4)))
      expect(re.test(s), s).toBe(s >= from && s <= to)
    for (const s of spellings(y2 - 1, y2 + 1)) expect(re.test(s), s).toBe(s >= from && s <= to)
  })

  it('refuses what is not a date range', () => {
    expect(() => isoDateRangePattern('2007-01-01', '2006-01-01')).toThrow(RangeError)
    expect(() => isoDateRangePattern('2007-1-1', '2008-01-01')).toThrow(RangeError)
  })
})
