// zod schemas of an experience's enumerated fields, which bus messages and API answers share, in a
// module of their own: an API answer's schema then does not construct the bus's message union (the
// web app evaluates the answers' schemas on a phone's main thread).
import { z } from 'zod'

export const creatorType = z.enum(['User', 'Group'])
export type CreatorType = z.infer<typeof creatorType>

/** Play status codes of the spec: 0 unknown, 1 playable, 2 guest prohibited, 3 unapproved, 5 private, 9 under review. */
export const playStatusCode = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(5),
  z.literal(9),
])

export const thumbnailType = z.enum(['Icon', 'Banner'])
export type ThumbnailType = z.infer<typeof thumbnailType>

export const contentMaturity = z.enum(['minimal', 'mild', 'moderate', 'restricted', 'unrated'])
