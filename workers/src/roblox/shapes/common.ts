import { z } from 'zod'

/** Roblox ids are int64; every id seen in practice is a safe integer. */
export const upstreamId = z.number().int().nonnegative()

/** Lifetime counters (visits, votes) are int64 on the wire; JSON numbers carry them. */
export const upstreamCount = z.number().int().nonnegative()

export const dataList = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) }).loose()

export const pagedList = <T extends z.ZodType>(item: T) =>
  z
    .object({
      previousPageCursor: z.string().nullish(),
      nextPageCursor: z.string().nullish(),
      data: z.array(item),
    })
    .loose()

/** Roblox's error envelope (roblox-api.md §0); everything optional because proxies answer with HTML too. */
export const errorEnvelope = z
  .object({
    errors: z
      .array(z.object({ code: z.number().optional(), message: z.string().optional() }).loose())
      .optional(),
  })
  .loose()
