import { type Granularity, periodStartsBetween } from '@ludex/schemas'
import { type MemberRows, readMemberRows, type StatsReader } from '../store/stats.ts'
import type { Viewer } from '../viewer/viewer.ts'
import { HOT_READS_MAX_TOTAL_ROWS, type HotReads } from './hot-reads.ts'

/**
 * The most rows a set of members' series may hold to be kept per member: half the hot reads' bound, so
 * one tag's series never push out every page's answers. Beyond it (a year of hours of a large tag) the
 * average is computed in one grouped statement, which returns one row per bucket instead.
 */
export const KEPT_MEMBER_ROWS_MAX = HOT_READS_MAX_TOTAL_ROWS / 2

/**
 * Each member's rows of a kind, kept per member under the rollups' watermark (HotReads.each): a tag's
 * average reads only the members not kept yet, in one statement, and computes the aggregate from the
 * kept rows on every call. Undefined (read in the grouped statement instead) without hot reads, or when
 * the members' series would hold more than KEPT_MEMBER_ROWS_MAX rows.
 */
export function keptMemberRows(
  deps: StatsReader & { readonly hotReads?: HotReads },
  viewer: Viewer,
  q: {
    readonly granularity: Granularity
    readonly placeIds: readonly number[]
    readonly fromMs: number
    readonly toMs: number
  },
): MemberRows | undefined {
  const hot = deps.hotReads
  if (!hot) return undefined
  // The buckets read: those starting from fromMs up to toMs, both included.
  const buckets = periodStartsBetween(q.fromMs, q.toMs + 1, q.granularity).length
  if (q.placeIds.length * buckets > KEPT_MEMBER_ROWS_MAX) return undefined
  return async (kind, range) => {
    const keys = range.placeIds.map(
      (id) =>
        ['member rows', kind, range.granularity, range.fromMs, range.toMs, range.inProgressMs, id] as const,
    )
    const rows = await hot.each(viewer, keys, async (missing) => {
      const ids = missing.map((i) => range.placeIds[i] as number)
      const read = await readMemberRows(deps, kind, { ...range, placeIds: ids })
      return ids.map((id) => read.get(id) ?? [])
    })
    return new Map(range.placeIds.map((id, i) => [id, rows[i] ?? []]))
  }
}
