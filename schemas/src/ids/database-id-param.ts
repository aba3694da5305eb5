import { z } from 'zod'

/**
 * A route or query parameter holding a database id, as a number; the messages name the problem. The
 * OpenAPI document shows it as what it is, a positive integer (a path or query value is text on the
 * wire either way), so a client or a fuzzer reading the document never offers 0 or a fraction.
 */
export const databaseIdParam = z
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
    if (!Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: 'must be a database id no larger than 9007199254740991' })
      return z.NEVER
    }
    return n
  })
  .meta({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER })
