import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ClickHouseClient, createClient } from '@clickhouse/client'
import { createChdbConnection } from 'chdb/connection'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertSnapshots, rows, type SnapshotRow, utc } from '../materialise/test-store.ts'
import { tables } from '../store/tables.ts'
import { loadMigrations, MIGRATIONS_DIR, migrate } from './migrate.ts'

/*
 * Migrations 033 (place_snapshots ordered by day, with codecs), 034 (codecs of the materialised tables)
 * and 035 (place_latest written by the sink, its view dropped) on a store that already holds snapshots:
 * the rows are carried over, place_latest keeps what the view wrote and takes the sink's rows, and the
 * files can run again after a failure at any point.
 */

type ClientConnection = NonNullable<Parameters<typeof createClient>[0]>['connection']

const logger = pino({ level: 'silent' })
const BEFORE = 33
/** The files this test applies to a store migrated up to BEFORE. */
const AFTER = loadMigrations()
  .filter((m) => m.version >= BEFORE)
  .map((m) => m.name)
let client: ClickHouseClient
let olderOnly: string

const SLOT = utc('2024-05-10T12:00:00')
const history: SnapshotRow[] = [1, 2, 3].flatMap((place) =>
  [0, 1, 2, 3].map((i) => ({
    place_id: place,
    slot: SLOT + i * 600_000,
    playing: place * 10 + i,
    visits: 1000 * place + i * 7,
    favorites: 50 + place,
    up_votes: i === 3 ? null : 10 + i,
    down_votes: i === 3 ? null : 2,
  })),
)

/** Count and sums of the deduplicated snapshots, as text (64-bit integers print as numbers on chDB). */
async function totals(): Promise<string | undefined> {
  const [t] = await rows<{ t: string }>(
    client,
    `SELECT toString((count(), sum(playing), sum(visits), sum(ifNull(up_votes, 0)))) AS t
FROM ${tables.placeSnapshots} FINAL`,
  )
  return t?.t
}

async function tableNames(): Promise<string[]> {
  const found = await rows<{ name: string }>(
    client,
    "SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE 'place_snapshots%' ORDER BY name",
  )
  return found.map((r) => r.name)
}

beforeAll(async () => {
  olderOnly = mkdtempSync(join(tmpdir(), 'ludex-migrations-'))
  for (const m of loadMigrations()) {
    if (m.version < BEFORE) copyFileSync(join(MIGRATIONS_DIR, m.name), join(olderOnly, m.name))
  }
  const connection = createChdbConnection({ path: ':memory:' }) as unknown as ClientConnection
  client = createClient({ connection })
  await migrate(client, logger, { dir: olderOnly })
  await insertSnapshots(client, history)
}, 60_000)

afterAll(async () => {
  await client.close()
  rmSync(olderOnly, { recursive: true, force: true })
})

describe('migrations 033 to 035 on a store with history', () => {
  it('carries every snapshot over into the table ordered by day, with its codecs', async () => {
    const before = await totals()
    expect(before).toBe('(12,258,24126,99)')
    const result = await migrate(client, logger)
    expect(result.applied).toEqual(AFTER)
    expect(AFTER.slice(0, 3)).toEqual([
      '033_snapshots_by_day.sql',
      '034_codecs.sql',
      '035_place_latest_from_sink.sql',
    ])
    expect(await totals()).toEqual(before)
    expect(await tableNames()).toEqual([tables.placeSnapshots])

    const [key] = await rows<{ sorting_key: string }>(
      client,
      `SELECT sorting_key FROM system.tables WHERE database = currentDatabase() AND name = '${tables.placeSnapshots}'`,
    )
    expect(key?.sorting_key).toBe('toDate(slot), place_id, toUnixTimestamp(slot)')
    const codecs = await rows<{ table: string; name: string; compression_codec: string }>(
      client,
      `SELECT table, name, compression_codec FROM system.columns
WHERE database = currentDatabase() AND (table, name) IN (('place_snapshots', 'visits'), ('place_rollups', 'ccu_sum'))
ORDER BY table`,
    )
    expect(codecs.map((c) => c.compression_codec)).toEqual([
      'CODEC(T64, ZSTD(1))',
      'CODEC(DoubleDelta, ZSTD(1))',
    ])
  })

  it('keeps the rows the view wrote in place_latest, and no view writes it any more', async () => {
    const latest = () =>
      rows<{ place_id: number; playing: number; slot: string }>(
        client,
        `SELECT place_id, playing, toString(slot) AS slot FROM ${tables.placeLatest} FINAL ORDER BY place_id`,
      )
    const written = [
      { place_id: 1, playing: 13, slot: '2024-05-10 12:30:00' },
      { place_id: 2, playing: 23, slot: '2024-05-10 12:30:00' },
      { place_id: 3, playing: 33, slot: '2024-05-10 12:30:00' },
    ]
    expect(await latest()).toEqual(written)
    expect(
      await rows(
        client,
        `SELECT name FROM system.tables WHERE database = currentDatabase() AND engine = 'MaterializedView'`,
      ),
    ).toEqual([])
    // A newer snapshot inserted into place_snapshots alone leaves place_latest as it was...
    const next = SLOT + 10 * 600_000
    await client.insert({
      table: tables.placeSnapshots,
      format: 'JSONEachRow',
      values: [
        {
          place_id: 1,
          universe_id: 1_000_001,
          slot: next / 1000,
          observed_at: next,
          playing: 77,
          visits: 0,
          favorites: 0,
          source: 'backfill',
        },
      ],
    })
    expect(await latest()).toEqual(written)
    // ...and the sink's rows (the test store's writer is the sink's) move it.
    await insertSnapshots(client, [{ place_id: 2, slot: next, playing: 99 }])
    expect((await latest())[1]).toEqual({ place_id: 2, playing: 99, slot: '2024-05-10 13:40:00' })
  })

  it('runs again whole when it was not recorded, as after a failure at its last statement', async () => {
    const before = await totals()
    await client.command({
      query: `DELETE FROM ${tables.schemaMigrations} WHERE version >= ${BEFORE}`,
    })
    const result = await migrate(client, logger)
    expect(result.applied).toEqual(AFTER)
    expect(await totals()).toEqual(before)
    expect(await tableNames()).toEqual([tables.placeSnapshots])
    await insertSnapshots(client, [{ place_id: 3, slot: SLOT + 11 * 600_000, playing: 7 }])
    const [latest] = await rows<{ playing: number }>(
      client,
      `SELECT playing FROM ${tables.placeLatest} FINAL WHERE place_id = 3`,
    )
    expect(latest?.playing).toBe(7)
  })
})
