import { z } from 'zod'
import {
  EVENT_BATCH_MAX,
  EVENT_ID_MAX_LENGTH,
  EVENT_NAME_MAX_LENGTH,
  EVENT_PROPERTIES_MAX,
  EVENT_PROPERTY_KEY_MAX_LENGTH,
  EVENT_PROPERTY_TEXT_MAX_LENGTH,
} from '../events/limits.ts'
import { VISIBLE_TEXT_PATTERN } from './credentials.ts'
import { TIME_PARAM_MAX_MS, TIME_PARAM_MIN_MS } from './params.ts'
import { safeText } from './safe-text.ts'

/*
 * The body game servers post to /api/events (issue 17): a batch of their own events, signed (see
 * events/signing.ts). Every bound is here, so the OpenAPI document states it and a bad event is a 400
 * naming its field (`body.events.3.name`).
 */

/** An event's id: unique per experience (a GUID from HttpService:GenerateGUID fits); a retry resends it. */
export const EVENT_ID_PATTERN = new RegExp(`^[A-Za-z0-9._:-]{1,${EVENT_ID_MAX_LENGTH}}$`)

const eventName = safeText
  .max(EVENT_NAME_MAX_LENGTH)
  .regex(VISIBLE_TEXT_PATTERN, 'is required and holds no control character')
  .trim()

const propertyKey = safeText
  .regex(/^[A-Za-z0-9_.:-]+$/, 'must be letters, digits, dots, underscores, colons or dashes')
  .max(EVENT_PROPERTY_KEY_MAX_LENGTH)

const propertyValue = z.union([safeText.max(EVENT_PROPERTY_TEXT_MAX_LENGTH), z.number(), z.boolean()])

export const gameEvent = z.object({
  id: z
    .string()
    .max(EVENT_ID_MAX_LENGTH)
    .regex(
      EVENT_ID_PATTERN,
      `must be 1 to ${EVENT_ID_MAX_LENGTH} letters, digits, dots, underscores, colons or dashes`,
    )
    .describe('Unique per experience and event: a batch sent again counts once'),
  name: eventName.describe('What happened, e.g. "level_completed"'),
  time: z
    .number()
    .int('must be whole epoch milliseconds')
    .min(TIME_PARAM_MIN_MS)
    .max(TIME_PARAM_MAX_MS)
    .describe('When it happened, epoch milliseconds UTC (at most 7 days back and 1 minute ahead)'),
  value: z.number().optional().describe('An optional number (a price, a score, a duration)'),
  properties: z
    .record(propertyKey, propertyValue)
    .refine((p) => Object.keys(p).length <= EVENT_PROPERTIES_MAX, {
      message: `at most ${EVENT_PROPERTIES_MAX} properties`,
    })
    .meta({ maxProperties: EVENT_PROPERTIES_MAX })
    .optional()
    .describe('Optional flat properties: text, numbers or booleans'),
})
export type GameEvent = z.infer<typeof gameEvent>

export const gameEventBatch = z.object({
  events: z.array(gameEvent).min(1, 'must hold at least one event').max(EVENT_BATCH_MAX),
})
export type GameEventBatch = z.infer<typeof gameEventBatch>

/** The answer to an accepted batch: every event was handed to the bus (duplicates count once later). */
export const eventIngestResult = z.object({ accepted: z.number().int().nonnegative() })
export type EventIngestResult = z.infer<typeof eventIngestResult>
