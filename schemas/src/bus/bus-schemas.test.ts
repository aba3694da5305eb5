import { describe, expect, it } from 'vitest'
import { chartSortSnapshotV1 } from './chart-sort.ts'
import { finishMessageId, messageIdOf, messageIdPartCodes, messageIdPrefix } from './message-id.ts'
import { placeMetadataV1 } from './place-metadata.ts'
import { placeSnapshotV1 } from './place-snapshot.ts'
import { topics } from './topics.ts'

const slot = Date.UTC(2026, 10, 21, 14, 10)
const snapshot = {
  schema_version: 1,
  id: messageIdOf('poller', 42, slot),
  source: 'poller',
  universe_id: 42,
  place_id: 4242,
  slot,
  observed_at: slot + 1234,
  playing: 10,
  visits: 1_000_000,
  favorites: 50,
  up_votes: 90,
  down_votes: null,
} as const

function issuesOf(value: unknown): string[] {
  const r = placeSnapshotV1.safeParse(value)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('place snapshot schema', () => {
  it('accepts a well-formed snapshot and keys it by universe id', () => {
    expect(placeSnapshotV1.parse(snapshot)).toEqual(snapshot)
    expect(topics.snapshots.key(snapshot)).toBe('42')
  })

  it.each([
    ['playing', 1.5, 'playing'],
    ['playing', -1, 'playing'],
    ['visits', Number.NaN, 'visits'],
    ['visits', Number.POSITIVE_INFINITY, 'visits'],
    ['visits', 2 ** 53, 'visits'],
    ['universe_id', 0, 'universe_id'],
    ['slot', slot + 60_000, 'slot'],
    ['observed_at', -5, 'observed_at'],
    ['id', 'NOT-HEX', 'id'],
    ['schema_version', 2, 'schema_version'],
    ['source', 'scraper', 'source'],
  ])('rejects %s = %s and names the field', (field, value, path) => {
    const issues = issuesOf({ ...snapshot, [field]: value })
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatch(new RegExp(`^${path}: `))
  })

  it('allows missing votes only as null, never as absent', () => {
    expect(issuesOf({ ...snapshot, up_votes: null })).toEqual([])
    const { up_votes: _omitted, ...withoutVotes } = snapshot
    expect(issuesOf(withoutVotes)[0]).toMatch(/^up_votes: /)
  })
})

describe('message ids', () => {
  it('are deterministic 16-digit hex and differ by source, key and slot', () => {
    const a = messageIdOf('poller', 42, slot)
    expect(a).toMatch(/^[0-9a-f]{16}$/)
    expect(messageIdOf('poller', 42, slot)).toBe(a)
    const others = [
      messageIdOf('backfill', 42, slot),
      messageIdOf('poller', 43, slot),
      messageIdOf('poller', 42, slot + 600_000),
    ]
    expect(new Set([a, ...others]).size).toBe(4)
  })

  it('come out the same when hashed incrementally from a shared prefix', () => {
    for (const [source, key, last] of [
      ['backfill', 1, slot],
      ['poller', 9_007_199_254_740_991, 0],
      ['sort', 'top-trending', 'ünïcode'],
    ] as const) {
      const prefix = messageIdPrefix(source, key)
      expect(finishMessageId(prefix.a, prefix.b, messageIdPartCodes(last))).toBe(
        messageIdOf(source, key, last),
      )
    }
  })

  it('do not collide over a realistic id space', () => {
    const seen = new Set<string>()
    for (let u = 1; u <= 2000; u++)
      for (let s = 0; s < 50; s++) seen.add(messageIdOf('backfill', u, slot + s * 600_000))
    expect(seen.size).toBe(100_000)
  })
})

describe('metadata and chart schemas', () => {
  it('discriminates metadata changes and rejects an unknown change', () => {
    const base = { schema_version: 1, id: messageIdOf('x'), universe_id: 1, place_id: 2, observed_at: slot }
    expect(placeMetadataV1.parse({ ...base, change: 'play_status', play_status: 9 }).change).toBe(
      'play_status',
    )
    expect(placeMetadataV1.safeParse({ ...base, change: 'play_status', play_status: 4 }).success).toBe(false)
    expect(placeMetadataV1.safeParse({ ...base, change: 'mood', mood: 'happy' }).success).toBe(false)
  })

  it('keeps sponsored chart entries unranked and categories within 8 to 38', () => {
    const sort = {
      schema_version: 1,
      id: messageIdOf('top-trending', slot),
      slot,
      observed_at: slot,
      sort_id: 'top-trending',
      category_id: 18,
      display_name: 'Top Trending',
      entries: [{ universe_id: 1, place_id: 2, position: null, sponsored: true, playing: 5 }],
    }
    expect(chartSortSnapshotV1.parse(sort).entries[0]?.position).toBeNull()
    expect(chartSortSnapshotV1.safeParse({ ...sort, category_id: 7 }).success).toBe(false)
    expect(chartSortSnapshotV1.safeParse({ ...sort, category_id: null }).success).toBe(true)
  })
})
