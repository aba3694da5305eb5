import type { TagMembership } from '@ludex/api'
import { type ApiFixture, asUser, startApiFixture } from './fixture.ts'

/** The stats tests' setting: one fixture, seen by a visitor and by a signed-in user (no clamp). */
export interface StatsFixture {
  readonly visitor: ApiFixture
  readonly user: ApiFixture
  /** The fixture's tag (id 7), every tracked place (id 8) and an empty tag (id 9). */
  readonly userTags: readonly TagMembership[]
  computations(): number
  raw<T>(query: string, params?: Record<string, unknown>): Promise<T[]>
  close(): Promise<void>
}

export async function startStatsFixture(): Promise<StatsFixture> {
  const visitor = await startApiFixture({
    tags: (placeIds) => [
      { id: 7, name: 'Fixture tag', placeIds: placeIds.slice(0, 40) },
      { id: 8, name: 'Everything', placeIds },
      { id: 9, name: 'Empty', placeIds: [] },
    ],
  })
  return {
    visitor,
    user: await asUser(visitor),
    userTags: visitor.tags,
    computations: visitor.computations,
    raw: visitor.raw,
    close: visitor.close,
  }
}

/** Epoch ms → a DateTime parameter (epoch seconds, unambiguous in any zone). */
export function sec(ms: number): number {
  return Math.floor(ms / 1000)
}

export type { ErrorBody } from './fixture.ts'

/** Exact inclusive quantile (linear between order statistics), as quantilesExactInclusive computes it. */
export function quantileInclusive(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const h = (sorted.length - 1) * p
  const lo = Math.floor(h)
  const a = sorted[lo] ?? 0
  const b = sorted[Math.min(lo + 1, sorted.length - 1)] ?? a
  return a + (h - lo) * (b - a)
}
