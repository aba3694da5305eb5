import type { ClickHouseClient } from '@ludex/pipelines/store'
import { describe, expect, it } from 'vitest'
import type { HotReads } from './hot-reads.ts'
import { KEPT_MEMBER_ROWS_MAX, keptMemberRows } from './kept-member-rows.ts'

// Whether a tag's members' rows are kept per member depends only on their count and the range: the
// store is never reached here (the kept path itself is tested on chDB in test/src/api/hot-reads*.ts).
const unreachable = {} as ClickHouseClient
const viewer = { kind: 'visitor' } as const
const DAY = 86_400_000
const now = Date.UTC(2026, 10, 28, 12)

describe('keptMemberRows', () => {
  it('keeps members’ rows only with hot reads', () => {
    const q = { granularity: 'day', placeIds: [1, 2], fromMs: now - 30 * DAY, toMs: now } as const
    expect(keptMemberRows({ clickhouse: unreachable }, viewer, q)).toBeUndefined()
    expect(keptMemberRows({ clickhouse: unreachable, hotReads: {} as HotReads }, viewer, q)).toBeTypeOf(
      'function',
    )
  })

  it('leaves to the grouped statement what would hold more than KEPT_MEMBER_ROWS_MAX rows', () => {
    const deps = { clickhouse: unreachable, hotReads: {} as HotReads }
    const members = (n: number) => Array.from({ length: n }, (_, i) => i + 1)
    const year = { fromMs: now - 365 * DAY, toMs: now }
    // 200 members × 366 days (the first day's period included) fit; × 8,761 hours do not.
    expect(200 * 366).toBeLessThanOrEqual(KEPT_MEMBER_ROWS_MAX)
    expect(keptMemberRows(deps, viewer, { granularity: 'day', placeIds: members(200), ...year })).toBeTypeOf(
      'function',
    )
    expect(
      keptMemberRows(deps, viewer, { granularity: 'hour', placeIds: members(200), ...year }),
    ).toBeUndefined()
    // The bound itself: members × buckets, inclusive.
    const days = 366
    const fits = Math.floor(KEPT_MEMBER_ROWS_MAX / days)
    expect(keptMemberRows(deps, viewer, { granularity: 'day', placeIds: members(fits), ...year })).toBeTypeOf(
      'function',
    )
    expect(
      keptMemberRows(deps, viewer, { granularity: 'day', placeIds: members(fits + 1), ...year }),
    ).toBeUndefined()
  })
})
