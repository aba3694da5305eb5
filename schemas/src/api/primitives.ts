import { z } from 'zod'

/*
 * The scalar shapes the /api answers are built of, one definition each. Not exported from the
 * package: a call's schema module imports what it uses from here.
 */

/** An instant as ISO 8601 text; the API writes UTC (`Z`), an offset is accepted. */
export const isoTime = z.iso.datetime({ offset: true })
/** A UTC calendar day, `YYYY-MM-DD`. */
export const isoDate = z.iso.date()
/** A database or platform id: a positive integer. */
export const id = z.number().int().positive()
/** A number of things: a non-negative integer. */
export const count = z.number().int().nonnegative()
/** A measure that is never below zero (players, visits, averages). */
export const nonNegative = z.number().nonnegative()
