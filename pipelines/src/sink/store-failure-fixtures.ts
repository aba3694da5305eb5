import { createServer } from 'node:net'
import type { ClickHouseClient } from '@clickhouse/client'
import type { PlaceSnapshotV1 } from '@ludex/schemas'
import { snapshot, snapshotTag } from '../bus/bus-contract.ts'
import { tables } from '../store/tables.ts'

/*
 * What the store-failure tests of both buses share (the in-process bus on chDB here, the Kafka bus on a
 * ClickHouse server in test/src/kafka): a row the store refuses, and what landed.
 */

/**
 * A snapshot the bus schema accepts (observed_at is any whole epoch ms ≥ 0) and ClickHouse refuses:
 * observed_at is DateTime64(3), which ends in 2299, and both chDB and a server answer `Code: 41 …
 * CANNOT_PARSE_DATETIME` for year 2300 (other out-of-range values are wrapped silently; this one is
 * refused: measured).
 */
export function refusedSnapshot(universe: number, slotIndex: number): PlaceSnapshotV1 {
  return { ...snapshot(universe, slotIndex), observed_at: Date.UTC(2300, 0, 1) }
}

/** The rows of a query, as JSON objects. */
export async function storeRows(client: ClickHouseClient, query: string): Promise<Record<string, unknown>[]> {
  return (await client.query({ query, format: 'JSONEachRow' })).json<Record<string, unknown>>()
}

/** `universe@slotIndex` (snapshotTag) of every row of place_snapshots, sorted. */
export async function landedSnapshots(client: ClickHouseClient): Promise<string[]> {
  const got = await storeRows(
    client,
    `SELECT universe_id, toUnixTimestamp(slot) * 1000 AS slot FROM ${tables.placeSnapshots} FINAL`,
  )
  return got
    .map((r) => snapshotTag({ ...snapshot(1, 0), universe_id: Number(r.universe_id), slot: Number(r.slot) }))
    .sort()
}

/** How many dead letters the store holds. */
export async function storedDeadLetterCount(client: ClickHouseClient): Promise<number> {
  const [row] = await storeRows(client, `SELECT toUInt32(count()) AS n FROM ${tables.deadLetters}`)
  return Number(row?.n)
}

/** A loopback port with nothing listening on it: where a store cannot be reached. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
