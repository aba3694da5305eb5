import type { TagRecord } from '@ludex/api'
import { type ApiFixture, asUser, startApiFixture } from './fixture.ts'

/** The stats tests' setting: one fixture, seen by a visitor and by a signed-in user (no clamp). */
export interface StatsFixture {
  readonly visitor: ApiFixture
  readonly user: ApiFixture
  /** The fixture's curated tags: 40 experiences, every tracked one, and an empty tag. */
  readonly userTags: readonly TagRecord[]
  computations(): number
  raw<T>(query: string, params?: Record<string, unknown>): Promise<T[]>
  close(): Promise<void>
}

export async function startStatsFixture(): Promise<StatsFixture> {
  const visitor = await startApiFixture({
    tags: (placeIds) => [
      { name: 'Fixture tag', placeIds: placeIds.slice(0, 40) },
      { name: 'Everything', placeIds },
      { name: 'Empty', placeIds: [] },
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
