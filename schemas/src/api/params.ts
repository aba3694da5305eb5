import { z } from 'zod'
import { granularity } from '../constants/stats-schema.ts'
import { parseDatabaseId } from '../ids/database-id.ts'
import { databaseIdParam } from '../ids/database-id-param.ts'
import { isoDateRangePattern, numericRangePattern } from './range-patterns.ts'

/*
 * Query and path parameters arrive as strings. Each schema here takes the string and gives the typed
 * value, with a message that says what a good value looks like (the 400 names the field).
 */

/** A database id in a path or query: the spec's rule (digits only, above 0). */
export const idParam = databaseIdParam

/**
 * A regular expression (unanchored) matching exactly the decimal integers 1..max written without
 * leading zeros: what a list of ids may hold, stated in the OpenAPI document so that a client or a
 * fuzzer never offers an id the parser refuses (above Number.MAX_SAFE_INTEGER).
 */
export function positiveIntegerUpToPattern(max: number): string {
  const digits = String(max)
  const alternatives: string[] = []
  if (digits.length > 1) alternatives.push(`[1-9][0-9]{0,${digits.length - 2}}`)
  // As long as max: equal to it up to some digit, then lower there, anything after.
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i])
    const lowest = i === 0 ? 1 : 0
    const rest = digits.length - i - 1
    if (d > lowest) {
      alternatives.push(`${digits.slice(0, i)}[${lowest}-${d - 1}]${rest > 0 ? `[0-9]{${rest}}` : ''}`)
    }
  }
  alternatives.push(digits)
  return `(?:${alternatives.join('|')})`
}

const SAFE_ID = positiveIntegerUpToPattern(Number.MAX_SAFE_INTEGER)

/** Comma-separated database ids, at least one, no more than `max`. */
export const idListParam = (max: number) =>
  z
    .string()
    .transform((s, ctx) => {
      const parts = s.split(',').map((p) => p.trim())
      const out: number[] = []
      for (const p of parts) {
        const n = parseDatabaseId(p)
        if (n === null) {
          ctx.addIssue({ code: 'custom', message: `'${p}' is not a positive integer id` })
          return z.NEVER
        }
        if (!out.includes(n)) out.push(n)
      }
      if (out.length > max) {
        ctx.addIssue({ code: 'custom', message: `at most ${max} ids are allowed, got ${out.length}` })
        return z.NEVER
      }
      return out
    })
    .meta({
      description: `Comma-separated positive integer ids, at most ${max}; repeats count once.`,
      pattern: `^${SAFE_ID}(,${SAFE_ID})*$`,
    })

/**
 * A whole number from 1 to `max` in a query (a page, a page size, a count of results), as a number.
 * The OpenAPI document carries the pattern, so a client or a fuzzer never offers a value it refuses.
 */
export const positiveIntegerParam = (max: number) =>
  z
    .string()
    .regex(new RegExp(`^${positiveIntegerUpToPattern(max)}$`), `must be a whole number from 1 to ${max}`)
    .transform(Number)

/**
 * The times a request may name: from Roblox's launch year, before which nothing exists to read, to a
 * bound well inside what the store's DateTime holds (2106), so that snapping a time to its period (a
 * month forward at most) never leaves that range. Both ends included.
 */
export const TIME_PARAM_MIN_DATE = '2006-01-01'
export const TIME_PARAM_MAX_DATE = '2100-01-01'
export const TIME_PARAM_MIN_MS = Date.UTC(2006, 0, 1)
export const TIME_PARAM_MAX_MS = Date.UTC(2100, 0, 1)

const EPOCH_MS = /^\d{1,16}$/
const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The three spellings of a time as the OpenAPI document states them, each limited to the range, so
 * that a client (or a fuzzer) reading the document offers only times the parser takes:
 * - a date, from TIME_PARAM_MIN_DATE to TIME_PARAM_MAX_DATE;
 * - a date-time with `Z` or an offset (RFC 3339, offsets under 24 hours): its written date may only
 *   run from the day after the first to two days before the last, since an offset moves the instant
 *   up to a day either way and the range is one of instants. The parser also takes the edge days
 *   when the instant is inside, a date-time without an offset (UTC) and a space for the `T`;
 * - epoch milliseconds: 13 digits in the range (the parser reads up to 16 digits, so up to three
 *   leading zeros).
 */
export const TIME_PARAM_PATTERNS = {
  date: `^(?:${isoDateRangePattern(TIME_PARAM_MIN_DATE, TIME_PARAM_MAX_DATE)})$`,
  dateTime:
    `^(?:${isoDateRangePattern(isoDay(TIME_PARAM_MIN_MS + DAY_MS), isoDay(TIME_PARAM_MAX_MS - 2 * DAY_MS))})` +
    'T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]+)?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$',
  epochMs: `^0{0,3}(?:${numericRangePattern(TIME_PARAM_MIN_MS, TIME_PARAM_MAX_MS, 13)})$`,
} as const
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/

/** Epoch ms of an ISO 8601 date or date-time (UTC without an offset); NaN unless the date exists. */
function isoMs(s: string): number {
  const m = ISO_TIME.exec(s)
  if (!m) return Number.NaN
  // Date.parse rolls a day past the month's end over into the next month (2026-02-30 → March 2).
  const day = new Date(0)
  day.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  if (day.getUTCMonth() !== Number(m[2]) - 1 || day.getUTCDate() !== Number(m[3])) return Number.NaN
  return Date.parse(m[4] === undefined ? `${s}T00:00:00Z` : m[5] ? s : `${s}Z`)
}

/**
 * A time: ISO 8601 date or date-time (UTC unless an offset is given), or epoch milliseconds, inside
 * [TIME_PARAM_MIN_DATE, TIME_PARAM_MAX_DATE]. Out of range is a 400 like a malformed value: the
 * store's time types cannot hold every instant a JS Date can.
 */
export const timeParam = z
  .string()
  .transform((s, ctx) => {
    const ms = EPOCH_MS.test(s) ? Number(s) : isoMs(s)
    if (!Number.isFinite(ms)) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date/time or epoch milliseconds' })
      return z.NEVER
    }
    if (ms < TIME_PARAM_MIN_MS || ms > TIME_PARAM_MAX_MS) {
      ctx.addIssue({
        code: 'custom',
        message: `must be between ${TIME_PARAM_MIN_DATE} and ${TIME_PARAM_MAX_DATE} (UTC)`,
      })
      return z.NEVER
    }
    return ms
  })
  .meta({
    description:
      `A time: an ISO 8601 date (2026-11-01, midnight UTC), a date-time (2026-11-01T12:00:00Z; UTC ` +
      `unless it carries an offset) or epoch milliseconds (1793491200000), from ${TIME_PARAM_MIN_DATE} to ` +
      `${TIME_PARAM_MAX_DATE} (UTC), both included. Anything else is a 400 naming the parameter.`,
    anyOf: [
      { format: 'date', pattern: TIME_PARAM_PATTERNS.date },
      { format: 'date-time', pattern: TIME_PARAM_PATTERNS.dateTime },
      { pattern: TIME_PARAM_PATTERNS.epochMs },
    ],
    examples: ['2026-11-01', '2026-11-01T12:00:00Z', '1793491200000'],
  })

/** A flag given by presence (`?slim`) or as true/false. */
export const flagParam = z
  .enum(['', 'true', 'false', '1', '0'], { message: "must be empty, 'true' or 'false'" })
  .transform((v) => v === '' || v === 'true' || v === '1')

export const granularityParam = granularity
