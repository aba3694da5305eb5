import { z } from 'zod'
import { creatorType } from '../constants/place-schema.ts'
import { count, epochMs, messageId, robloxId, SCHEMA_VERSION } from './common.ts'

/** A creator (user or group) profile, published when it differs from the last seen. */
export const creatorV1 = z.object({
  schema_version: z.literal(SCHEMA_VERSION),
  id: messageId,
  creator_id: robloxId,
  creator_type: creatorType,
  observed_at: epochMs,
  name: z.string(),
  verified: z.boolean(),
  /** Avatar headshot or group icon hash; 'default' when none. */
  thumbnail_hash: z.string().min(1),
  member_count: count.nullable(),
})
export type CreatorV1 = z.infer<typeof creatorV1>
