// The answer of /api/thumbnail/bulk, in a module of its own: every page asks for its icons once it has
// hydrated, and the web app's schema group for it (web/src/api/response-schemas/icons.ts) then
// constructs this schema alone, not every public answer's.
import { z } from 'zod'
import { thumbnailType } from '../constants/place-schema.ts'
import { id, isoTime } from './primitives.ts'

export const thumbnail = z.object({
  place_id: id,
  type: thumbnailType,
  /** 'default' means no image (one of three default images is chosen by place id). */
  hash: z.string(),
  time: isoTime,
})
export type Thumbnail = z.infer<typeof thumbnail>
export const thumbnailList = z.array(thumbnail)
