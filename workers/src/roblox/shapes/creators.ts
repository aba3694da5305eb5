import { z } from 'zod'
import { dataList, upstreamId } from './common.ts'

/** users.roblox.com POST /v1/users item. */
export const userSummary = z
  .object({
    id: upstreamId,
    name: z.string(),
    displayName: z.string().optional(),
    hasVerifiedBadge: z.boolean().optional(),
  })
  .loose()
export type UserSummary = z.infer<typeof userSummary>
export const usersResponse = dataList(userSummary)

/** groups.roblox.com GET /v2/groups item; memberCount only on v1 single-group reads, kept if present. */
export const groupSummary = z
  .object({
    id: upstreamId,
    name: z.string(),
    description: z.string().nullish(),
    hasVerifiedBadge: z.boolean().optional(),
    memberCount: z.number().int().nonnegative().optional(),
  })
  .loose()
export type GroupSummary = z.infer<typeof groupSummary>
export const groupsResponse = dataList(groupSummary)
