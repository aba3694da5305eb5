import { z } from 'zod'
import { dataList, upstreamId } from './common.ts'

/** Known states; unknown future states pass through as strings (treated as not ready). */
export const thumbnailState = z.union([
  z.enum(['Completed', 'Pending', 'InReview', 'Blocked', 'Error', 'TemporarilyUnavailable']),
  z.string(),
])

export const thumbnailItem = z
  .object({
    targetId: upstreamId,
    state: thumbnailState,
    imageUrl: z.string().nullish(),
    version: z.string().nullish(),
  })
  .loose()
export type ThumbnailItem = z.infer<typeof thumbnailItem>
export const thumbnailsResponse = dataList(thumbnailItem)

export const universeThumbnails = z
  .object({
    universeId: upstreamId,
    error: z.unknown().nullish(),
    thumbnails: z.array(thumbnailItem),
  })
  .loose()
export type UniverseThumbnails = z.infer<typeof universeThumbnails>
export const universeThumbnailsResponse = dataList(universeThumbnails)
