/**
 * Test support: an in-process chDB store with the raw tables and the materialised tables, and small
 * fixture writers. Used by the materialise tests only (each test file runs in its own process, and
 * chDB binds one data directory per process, so each file opens one store).
 */
import { type ClickHouseClient, createClient } from '@clickhouse/client'
import { type PlaceSnapshotV1, SCHEMA_VERSION } from '@ludex/schemas'
import { createChdbConnection } from 'chdb/connection'
import pino from 'pino'
import { migrate } from '../clickhouse/migrate.ts'
import { insertTsv } from '../sink/insert.ts'
import { latestRows, snapshotRows } from '../sink/rows.ts'
import { dateTime64Param, tables } from '../store/index.ts'

type ClientConnection = NonNullable<Parameters<typeof createClient>[0]>['connection']

/** An in-memory chDB store with every migration applied by the project's migrator. */
export async function openTestStore(): Promise<ClickHouseClient> {
  // chdb types its connection against @clickhouse/client-common, a copy of the types @clickhouse/client
  // bundles; they are the same shape, but TypeScript sees two declarations.
  const connection = createChdbConnection({ path: ':memory:' }) as unknown as ClientConnection
  const client = createClient({ connection })
  await migrate(client, pino({ level: 'silent' }))
  return client
}

/** Epoch ms of an ISO instant written without zone (always UTC here). */
export function utc(iso: string): number {
  return Date.parse(`${iso}Z`)
}

export interface SnapshotRow {
  place_id: number
  slot: number
  playing: number
  visits?: number
  favorites?: number
  up_votes?: number | null
  down_votes?: number | null
  observed_at?: number
}

/**
 * Snapshots as the sink writes them: the sink's encoders and inserts, so place_latest gets each place's
 * newest of them as it does from a batch.
 */
export async function insertSnapshots(client: ClickHouseClient, rows: readonly SnapshotRow[]): Promise<void> {
  const batch: PlaceSnapshotV1[] = rows.map((r) => ({
    schema_version: SCHEMA_VERSION,
    id: `test-${r.place_id}-${r.slot}`,
    source: 'backfill',
    place_id: r.place_id,
    universe_id: r.place_id + 1_000_000,
    slot: r.slot,
    observed_at: r.observed_at ?? r.slot + 5_000,
    playing: r.playing,
    visits: r.visits ?? 0,
    favorites: r.favorites ?? 0,
    up_votes: r.up_votes ?? null,
    down_votes: r.down_votes ?? null,
  }))
  await insertTsv(client, tables.placeSnapshots, snapshotRows(batch))
  await insertTsv(client, tables.placeLatest, latestRows(batch))
}

/** Game events straight into their raw table (as the sink writes them), for the event counts. */
export async function insertGameEvents(
  client: ClickHouseClient,
  rows: readonly { place_id: number; event_id: string; time: number }[],
): Promise<void> {
  await client.insert({
    table: tables.gameEvents,
    format: 'JSONEachRow',
    values: rows.map((r) => ({
      place_id: r.place_id,
      event_id: r.event_id,
      game_key: 'a'.repeat(32),
      name: 'round_won',
      time: dateTime64Param(r.time),
      value: null,
      properties: '{}',
      received_at: dateTime64Param(r.time + 1_000),
    })),
  })
}

export interface DetailsRow {
  place_id: number
  genre_l1: string
  genre_l2: string
  observed_at: number
  /** Default `Place <id>` (no name rule applies to it). */
  name?: string
}

export async function insertDetails(client: ClickHouseClient, rows: readonly DetailsRow[]): Promise<void> {
  await client.insert({
    table: tables.placeDetails,
    format: 'JSONEachRow',
    values: rows.map((r) => ({
      place_id: r.place_id,
      universe_id: r.place_id + 1_000_000,
      observed_at: dateTime64Param(r.observed_at),
      name: r.name ?? `Place ${r.place_id}`,
      description: null,
      creator_id: 1,
      creator_type: 'User',
      creator_name: 'someone',
      creator_verified: false,
      genre_l1: r.genre_l1,
      genre_l2: r.genre_l2,
      price: 0,
      max_players: 10,
      created_at: dateTime64Param(0),
      updated_at: dateTime64Param(0),
      message_id: `${r.place_id}-${r.observed_at}`,
    })),
  })
}

export async function rows<T>(
  client: ClickHouseClient,
  query: string,
  params: Record<string, unknown> = {},
): Promise<T[]> {
  const rs = await client.query({ query, query_params: params, format: 'JSONEachRow' })
  return rs.json<T>()
}

/** Every materialised table, deduplicated and ordered, without the bookkeeping column computed_at. */
export async function snapshotMaterialised(client: ClickHouseClient): Promise<Record<string, unknown[]>> {
  const orders: Record<string, string> = {
    [tables.placeRollups]: 'granularity, place_id, bucket',
    [tables.genreCcu]: 'granularity, genre, genre_l2, bucket',
    [tables.genreDistribution]: 'slot, genre, genre_l2',
    [tables.dailyRanks]: 'day, place_id',
    [tables.top100Movement]: 'day, type, place_id',
    [tables.genreBenchmarksDaily]: 'day, genre',
    [tables.eventDailyCounts]: 'place_id, day',
  }
  const out: Record<string, unknown[]> = {}
  for (const [table, order] of Object.entries(orders)) {
    out[table] = await rows(client, `SELECT * EXCEPT (computed_at) FROM ${table} FINAL ORDER BY ${order}`)
  }
  return out
}
