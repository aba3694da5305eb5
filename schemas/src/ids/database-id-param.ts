import { z } from 'zod'

/** The largest id of a row of the app database: its ids are PostgreSQL `integer` columns. */
export const APP_DATABASE_ID_MAX = 2_147_483_647

/**
 * A route or query parameter holding a database id at most `max`, as a number; the messages name the
 * problem. The OpenAPI document shows it as what it is, a positive integer up to `max` (a path or
 * query value is text on the wire either way), so a client or a fuzzer reading the document never
 * offers 0, a fraction or an id the store cannot hold.
 */
function idParamUpTo(max: number) {
  return z
    .string()
    .transform((s, ctx) => {
      if (!/^\d+$/.test(s)) {
        ctx.addIssue({ code: 'custom', message: 'must be a database id: digits only' })
        return z.NEVER
      }
      const n = Number(s)
      if (n <= 0) {
        ctx.addIssue({ code: 'custom', message: 'must be a database id above 0' })
        return z.NEVER
      }
      if (!Number.isSafeInteger(n) || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a database id no larger than ${max}` })
        return z.NEVER
      }
      return n
    })
    .meta({ type: 'integer', minimum: 1, maximum: max })
}

/** An id of the analytics store (place, universe, chart category): any positive safe integer. */
export const databaseIdParam = idParamUpTo(Number.MAX_SAFE_INTEGER)

/**
 * An id of a row of the app database (a user): a larger one names no row, and PostgreSQL would
 * refuse to compare it with an `integer` column (a 500 before this bound).
 */
export const appDatabaseIdParam = idParamUpTo(APP_DATABASE_ID_MAX)
