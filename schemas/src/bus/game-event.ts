import { z } from 'zod'
import { epochMs, robloxId, SCHEMA_VERSION } from './common.ts'

/**
 * One event a game server sent (POST /api/events), accepted by the API after its signature and its
 * schema passed: keyed by place, so one experience's events stay in order. `event_id` is the game's
 * own id; the sink stores (place_id, event_id) once however often it arrives (a retried or replayed
 * batch). No optional fields (packed Kafka records share one field list): value is null when the
 * game sent none, properties is JSON text ('{}' when none).
 */
export const gameEventV1 = z.object({
  schema_version: z.literal(SCHEMA_VERSION),
  place_id: robloxId,
  /** The credential that signed it (which of an experience's keys sent what). */
  game_key: z.string().regex(/^[0-9a-f]{32}$/, 'must be a game key'),
  event_id: z.string().min(1).max(64),
  name: z.string().min(1).max(100),
  time: epochMs,
  value: z.number().nullable(),
  properties: z.string(),
  /** When the API accepted it (its clock). */
  received_at: epochMs,
})
export type GameEventV1 = z.infer<typeof gameEventV1>
