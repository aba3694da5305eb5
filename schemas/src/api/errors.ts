import { z } from 'zod'

/** The error envelope of every /api response that is not a success (DESIGN §5). */
export const apiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
})
export type ApiErrorBody = z.infer<typeof apiError>
