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

/**
 * Roblox's error envelope (roblox-api.md §0, §16). Only `code` and `message` are dependable: captures show
 * `subcode`, `field` and no `userFacingMessage`, and proxies answer with HTML, so everything is optional and a field of an unexpected type reads as absent.
 */
export const errorEnvelope = z
  .object({
    errors: z
      .array(
        z
          .object({
            code: z.number().optional().catch(undefined),
            subcode: z.number().optional().catch(undefined),
            message: z.string().optional().catch(undefined),
            field: z.string().optional().catch(undefined),
            userFacingMessage: z.string().optional().catch(undefined),
          })
          .loose(),
      )
      .optional()
      .catch(undefined),
  })
  .loose()

/** What an error body says, whatever its envelope: all null when it is not Roblox's (HTML, empty, other JSON). */
export interface UpstreamErrorDetail {
  readonly code: number | null
  readonly subcode: number | null
  readonly message: string | null
  readonly field: string | null
}

export function upstreamErrorOf(body: unknown): UpstreamErrorDetail {
  const parsed = errorEnvelope.safeParse(body)
  const first = parsed.success ? parsed.data.errors?.[0] : undefined
  return {
    code: first?.code ?? null,
    subcode: first?.subcode ?? null,
    message: first?.message ?? first?.userFacingMessage ?? null,
    field: first?.field ?? null,
  }
}
