import { createHistoryStarts } from '@ludex/api'
import { rebuild } from '@ludex/pipelines'
import type { ClickHouseClient } from '@ludex/pipelines/store'
import { insertSnapshots, openTestStore } from '@ludex/pipelines/testing'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/*
 * The kept history starts (api/src/store/history-starts.ts) the stats reads bind instead of joining the
 * month rollups on every call: read once per slot, refreshed after it, never kept for a place without
 * history, and earlier once older data lands.
 */

const SLOT = 600_000
const utc = (text: string) => Date.parse(`${text}Z`)
const logger = pino({ level: 'silent' })

describe('history starts', () => {
  let client: ClickHouseClient
  let reads = 0

  async function poll(place: number, fromIso: string, slots: number): Promise<void> {
    const from = utc(fromIso)
    const rows = Array.from({ length: slots }, (_, k) => ({
      place_id: place,
      slot: from + k * SLOT,
      playing: 10,
    }))
    await insertSnapshots(client, rows)
    await rebuild(client, { fromMs: from, toMs: from + slots * SLOT, now: from + slots * SLOT })
  }

  beforeAll(async () => {
    client = await openTestStore()
    // Counts the reads the cache makes (every other query passes through).
    const query = client.query.bind(client)
    client.query = ((params: Parameters<typeof client.query>[0]) => {
      if (params.query.includes('history starts') || params.query.includes('min(first_slot)')) reads++
      return query(params)
    }) as typeof client.query
    await poll(1, '2026-05-10T13:20:00', 6)
  })
  afterAll(async () => {
    await client.close()
  })

  it('reads a place’s first stored slot once per slot, and not a place without history', async () => {
    let now = utc('2026-05-10T15:00:00')
    const starts = createHistoryStarts({ store: { clickhouse: client, logger }, now: () => now })
    reads = 0
    expect([...(await starts.of([1, 2]))]).toEqual([[1, utc('2026-05-10T13:20:00')]])
    expect(reads).toBe(1)
    // Kept: only the place without history is read again (its first rollups may land any moment).
    expect([...(await starts.of([1]))]).toEqual([[1, utc('2026-05-10T13:20:00')]])
    expect(reads).toBe(1)
    await starts.of([1, 2])
    expect(reads).toBe(2)
    // Place 2's history lands: it is read at once, not a slot later.
    await poll(2, '2026-05-10T14:00:00', 3)
    expect((await starts.of([2])).get(2)).toBe(utc('2026-05-10T14:00:00'))
    // Older data of place 1 is backfilled: seen once the kept entry is a slot old.
    await poll(1, '2026-05-09T23:00:00', 3)
    expect((await starts.of([1])).get(1)).toBe(utc('2026-05-10T13:20:00'))
    now += SLOT
    expect((await starts.of([1])).get(1)).toBe(utc('2026-05-09T23:00:00'))
  })

  it('drops the oldest half of its entries beyond its bound, and reads them again when asked', async () => {
    const now = utc('2026-05-10T15:00:00')
    const starts = createHistoryStarts({
      store: { clickhouse: client, logger },
      now: () => now,
      maxEntries: 1,
    })
    reads = 0
    await starts.of([1])
    await starts.of([2])
    expect(reads).toBe(2)
    await starts.of([2])
    expect(reads).toBe(2)
    expect((await starts.of([1])).get(1)).toBe(utc('2026-05-09T23:00:00'))
    expect(reads).toBe(3)
  })
})
