import { z } from 'zod'
import { epochMs } from './common.ts'

/** What a consumer could not accept, with the reason; the consumer carries on. */
export const deadLetterV1 = z.object({
  topic: z.string(),
  key: z.string(),
  reason: z.string(),
  /** The message as received, serialised as JSON text (it may not match any schema). */
  payload: z.string(),
  failed_at: epochMs,
})
export type DeadLetterV1 = z.infer<typeof deadLetterV1>
