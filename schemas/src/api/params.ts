import { z } from 'zod'
import { granularity } from '../constants/stats-schema.ts'
import { parseDatabaseId } from '../ids/database-id.ts'
import { databaseIdParam } from '../ids/database-id-param.ts'

/*
 * Query and path parameters arrive as strings. Each schema here takes the string and gives the typed
 * value, with a message that says what a good value looks like (the 400 names the field).
 */

/** A database id in a path or query: the spec's rule (digits only, above 0). */
export const idParam = databaseIdParam

/** Comma-separated database ids, at least one, no more than `max`. */
export const idListParam = (max: number) =>
  z.string().transform((s, ctx) => {
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

/** A time: ISO 8601 date or date-time (UTC unless an offset is given), or epoch milliseconds. */
export const timeParam = z.string().transform((s, ctx) => {
  const ms = /^\d{1,16}$/.test(s)
    ? Number(s)
    : /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s)
      ? Date.parse(s.length === 10 ? `${s}T00:00:00Z` : /Z|[+-]\d{2}:?\d{2}$/.test(s) ? s : `${s}Z`)
      : Number.NaN
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date/time or epoch milliseconds' })
    return z.NEVER
  }
  return ms
})

/** A flag given by presence (`?slim`) or as true/false. */
export const flagParam = z
  .enum(['', 'true', 'false', '1', '0'], { message: "must be empty, 'true' or 'false'" })
  .transform((v) => v === '' || v === 'true' || v === '1')

export const granularityParam = granularity
