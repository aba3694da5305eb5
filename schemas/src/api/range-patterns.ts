/*
 * Regular expressions (ECMA and Python alike) for values that lie in a range, built from the range's
 * ends so that a documented pattern cannot drift from the bound the parser checks. They let the
 * OpenAPI document say which times a parameter takes, not only their shape.
 */

/** Alternatives wrapped so that they can be followed or preceded; a single one is left as it is. */
function group(alternatives: string): string {
  let depth = 0
  for (const c of alternatives) {
    if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === '|' && depth === 0) return `(?:${alternatives})`
  }
  return alternatives
}

const digit = (from: string, to: string): string => (from === to ? from : `[${from}-${to}]`)

const anyDigits = (n: number): string => (n === 0 ? '' : n === 1 ? '[0-9]' : `[0-9]{${n}}`)

/** Alternatives matching the digit strings of a's length from a to b (a <= b, same length). */
function digitRange(a: string, b: string): string {
  if (a === b) return a
  const n = a.length - 1
  const [a0, b0, restA, restB] = [a[0] as string, b[0] as string, a.slice(1), b.slice(1)]
  if (a0 === b0) return a0 + group(digitRange(restA, restB))
  const lowFull = restA === '0'.repeat(n)
  const highFull = restB === '9'.repeat(n)
  const parts: string[] = []
  if (!lowFull) parts.push(a0 + group(digitRange(restA, '9'.repeat(n))))
  const first = lowFull ? Number(a0) : Number(a0) + 1
  const last = highFull ? Number(b0) : Number(b0) - 1
  if (first <= last) parts.push(digit(String(first), String(last)) + anyDigits(n))
  if (!highFull) parts.push(b0 + group(digitRange('0'.repeat(n), restB)))
  return parts.join('|')
}

/**
 * The numbers from `min` to `max` written with `width` digits (zero-padded), as alternatives to wrap
 * in a group: numericRangePattern(1, 31, 2) matches 01 … 31.
 */
export function numericRangePattern(min: number, max: number, width: number): string {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 0 || min > max) {
    throw new RangeError(`Not a range of non-negative integers: ${min} … ${max}`)
  }
  const a = String(min).padStart(width, '0')
  const b = String(max).padStart(width, '0')
  if (b.length > width) throw new RangeError(`${max} has more than ${width} digits`)
  return digitRange(a, b)
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function dateParts(date: string): [number, number, number] {
  const m = ISO_DATE.exec(date)
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`)
  return [Number(m[1]), Number(m[2]), Number(m[3])]
}

const two = (n: number): string => String(n).padStart(2, '0')
const days = (from: number, to: number): string => group(numericRangePattern(from, to, 2))

/** Month-day alternatives from m1-d1 to m2-d2 within one year (days 01 … 31 in every month). */
function monthDays(m1: number, d1: number, m2: number, d2: number): string[] {
  if (m1 === m2) return [`${two(m1)}-${days(d1, d2)}`]
  const out: string[] = []
  let first = m1
  let last = m2
  if (d1 !== 1) {
    out.push(`${two(m1)}-${days(d1, 31)}`)
    first++
  }
  const tail = d2 !== 31 ? `${two(m2)}-${days(1, d2)}` : null
  if (tail) last--
  if (first <= last) out.push(`${group(numericRangePattern(first, last, 2))}-${days(1, 31)}`)
  if (tail) out.push(tail)
  return out
}

/**
 * The YYYY-MM-DD spellings from `from` to `to` (both included), as alternatives to wrap in a group.
 * Months are 01 … 12 and days 01 … 31 in any month: that a day exists in its month is the `date`
 * format's rule, which the document states beside the pattern.
 */
export function isoDateRangePattern(from: string, to: string): string {
  const [y1, m1, d1] = dateParts(from)
  const [y2, m2, d2] = dateParts(to)
  if (from > to) throw new RangeError(`${from} is after ${to}`)
  const inYear = (year: string, alternatives: string[]) => `${year}-${group(alternatives.join('|'))}`
  if (y1 === y2) return inYear(String(y1), monthDays(m1, d1, m2, d2))
  const parts = [inYear(String(y1), monthDays(m1, d1, 12, 31))]
  if (y1 + 1 <= y2 - 1)
    parts.push(inYear(group(numericRangePattern(y1 + 1, y2 - 1, 4)), monthDays(1, 1, 12, 31)))
  parts.push(inYear(String(y2), monthDays(1, 1, m2, d2)))
  return parts.join('|')
}
