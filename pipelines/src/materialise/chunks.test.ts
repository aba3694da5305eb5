import { describe, expect, it } from 'vitest'
import { dayChunks, monthChunks, rawChunks } from './chunks.ts'
import { utc } from './test-store.ts'

const iso = (r: { fromMs: number; toMs: number }) => [
  new Date(r.fromMs).toISOString(),
  new Date(r.toMs).toISOString(),
]

describe('chunks of a slot range', () => {
  it('splits days at 01:00 UTC and months at day 1, 01:00, each piece inclusive', () => {
    const from = utc('2024-01-30T12:00:00')
    const to = utc('2024-02-01T03:00:00')
    expect(dayChunks(from, to).map(iso)).toEqual([
      ['2024-01-30T12:00:00.000Z', '2024-01-31T00:59:59.999Z'],
      ['2024-01-31T01:00:00.000Z', '2024-02-01T00:59:59.999Z'],
      ['2024-02-01T01:00:00.000Z', '2024-02-01T03:00:00.000Z'],
    ])
    expect(monthChunks(from, to).map(iso)).toEqual([
      ['2024-01-30T12:00:00.000Z', '2024-02-01T00:59:59.999Z'],
      ['2024-02-01T01:00:00.000Z', '2024-02-01T03:00:00.000Z'],
    ])
  })

  it('groups whole days for the statements over raw snapshots, and a live slot is one piece', () => {
    const from = utc('2024-03-01T01:00:00')
    const to = utc('2024-03-05T12:00:00')
    expect(rawChunks(from, to, 2).map(iso)).toEqual([
      ['2024-03-01T01:00:00.000Z', '2024-03-03T00:59:59.999Z'],
      ['2024-03-03T01:00:00.000Z', '2024-03-05T00:59:59.999Z'],
      ['2024-03-05T01:00:00.000Z', '2024-03-05T12:00:00.000Z'],
    ])
    expect(rawChunks(from, to, 31)).toEqual([{ fromMs: from, toMs: to }])
    expect(rawChunks(to, to, 1)).toEqual([{ fromMs: to, toMs: to }])
  })
})
