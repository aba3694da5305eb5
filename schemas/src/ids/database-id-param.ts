import { z } from 'zod'

/** A route or query parameter holding a database id, as a number; the messages name the problem. */
export const databaseIdParam = z
  .string()
  .regex(/^\d+$/, 'must be a database id: digits only')
  .transform(Number)
  .pipe(
    z
      .number()
      .positive('must be a database id above 0')
      // zod's .int() carries its own wording; the refine keeps the message about ids.
      .refine(Number.isSafeInteger, 'must be a database id no larger than 9007199254740991'),
  )
