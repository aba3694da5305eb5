import { DAY_MS, Stream } from './constants.ts'
import { hash32, hex8, pick, unit } from './prng.ts'
import { CREATOR_FIRST, CREATOR_SECOND } from './vocabulary.ts'

export type CreatorKind = 'User' | 'Group'

export interface CreatorParams {
  readonly index: number
  readonly type: CreatorKind
  /** User id for a user, group id for a group. */
  readonly id: number
  readonly name: string
  readonly verified: boolean
  readonly memberCount: number | null
  readonly createdMs: number
  /** Avatar headshot or group icon hash. */
  readonly imageHash: string
  /** The group's owner (a user id outside the creator pool) or null for users. */
  readonly ownerUserId: number | null
}

export const USER_BASE = 1_000_000
export const USER_STRIDE = 40_000
export const GROUP_BASE = 1_000
export const GROUP_STRIDE = 900

export function creatorCountFor(experiences: number): number {
  return Math.max(5, Math.ceil(experiences / 3))
}

export function buildCreator(seed: number, index: number, epochMs: number): CreatorParams {
  const u = (stream: number, k = 0) => unit(seed, index, stream, k + 1_000_000)
  const type: CreatorKind = u(Stream.CreatorType) < 0.45 ? 'Group' : 'User'
  const h = hash32(seed, index, Stream.CreatorId, 1_000_000)
  const id =
    type === 'User'
      ? USER_BASE + index * USER_STRIDE + (h % USER_STRIDE)
      : GROUP_BASE + index * GROUP_STRIDE + (h % GROUP_STRIDE)
  const first = pick(CREATOR_FIRST, u(Stream.CreatorName))
  const second = pick(CREATOR_SECOND, u(Stream.CreatorName, 1))
  const name = type === 'User' ? `${first}${second}${h % 1000}` : `${first} ${second} Studios`
  // Low indices own the most experiences (see experience.ts), and those are the ones likely verified.
  const verified = u(Stream.CreatorVerified) < (index < 50 ? 0.5 : 0.06)
  return {
    index,
    type,
    id,
    name,
    verified,
    memberCount: type === 'Group' ? Math.floor(10 + 2_000_000 * u(Stream.CreatorMembers) ** 6) : null,
    createdMs: Math.floor(epochMs - (1 + 12 * u(Stream.Created)) * 365 * DAY_MS),
    imageHash: `${hex8(hash32(seed, index, Stream.Icon, 1_000_000))}${hex8(h)}`,
    ownerUserId: type === 'Group' ? 900_000_000 + (h % 100_000_000) : null,
  }
}

/** The creator index of a user or group id, or -1 when the id is not a creator of this model. */
export function creatorIndexOfId(
  count: number,
  type: CreatorKind,
  id: number,
  build: (index: number) => CreatorParams,
): number {
  const base = type === 'User' ? USER_BASE : GROUP_BASE
  const stride = type === 'User' ? USER_STRIDE : GROUP_STRIDE
  const index = Math.floor((id - base) / stride)
  if (!Number.isInteger(id) || index < 0 || index >= count) return -1
  const c = build(index)
  return c.type === type && c.id === id ? index : -1
}
