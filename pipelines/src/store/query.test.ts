import { Writable } from 'node:stream'
import type { ClickHouseClient } from '@clickhouse/client'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestStore } from '../materialise/test-store.ts'
import { queryRows, readRows, StoreReadError, UnsafeIntegerError } from './query.ts'

let client: ClickHouseClient
beforeAll(async () => {
  client = await openTestStore()
})
afterAll(async () => {
  await client.close()
})

/** A debug logger that keeps what it logs. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { logger: pino({ level: 'debug' }, stream), lines }
}

interface Row {
  big: number
  negative: number
  missing: number | null
  ids: number[]
  count: number
  undeclared: number | string
  small: number
  ratio: number
}

const SQL = `SELECT toUInt64({big:UInt64}) AS big, toInt64(-42) AS negative,
  CAST(NULL, 'Nullable(UInt64)') AS missing, [toUInt64(1), 2, 3] AS ids, count() AS count,
  toUInt64(7) AS undeclared, toUInt32(9) AS small, 0.25 AS ratio
FROM numbers(3)`

describe('queryRows', () => {
  it('returns declared 64-bit integer columns as numbers: scalar, negative, NULL, arrays, counts', async () => {
    const rows = await queryRows<Row>(client, {
      query: SQL,
      params: { big: 2 ** 53 - 1 },
      int64: ['big', 'negative', 'missing', 'ids', 'count'],
    })
    expect(rows).toEqual([
      {
        big: 2 ** 53 - 1,
        negative: -42,
        missing: null,
        ids: [1, 2, 3],
        count: 3,
        // Not declared: quoted as a server quotes it, on chDB too, so a forgotten declaration shows.
        undeclared: '7',
        small: 9,
        ratio: 0.25,
      },
    ])
  })

  it('refuses a declared value beyond a safe JS integer instead of rounding it', async () => {
    const err = await queryRows<Row>(client, {
      what: 'too big',
      query: SQL,
      params: { big: '9007199254740993' },
      int64: ['big'],
    }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(UnsafeIntegerError)
    expect(err).toMatchObject({ what: 'too big', column: 'big', value: '9007199254740993' })
  })

  it('binds parameters and wraps a failing read as StoreReadError with the cause', async () => {
    const rows = await queryRows<{ s: string }>(client, {
      query: 'SELECT {s:String} AS s',
      params: { s: "'; DROP TABLE x; --" },
    })
    expect(rows).toEqual([{ s: "'; DROP TABLE x; --" }])
    const err = await queryRows(client, { what: 'no table', query: 'SELECT * FROM nowhere_at_all' }).catch(
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(StoreReadError)
    expect((err as StoreReadError).what).toBe('no table')
    expect(String((err as Error).cause)).toContain('nowhere_at_all')
  })

  it('keeps its settings to itself, and reads with the defaults whatever the session holds', async () => {
    const raw = async (query: string, settings?: Record<string, number>) =>
      (await client.query({ query, format: 'JSONEachRow', clickhouse_settings: settings })).json()
    await queryRows(client, { query: 'SELECT 1 AS one', settings: { join_use_nulls: 1 } })
    // On chDB a client-level setting is a SET on the session; queryRows' own ones are not.
    expect(await raw("SELECT count() AS n, getSetting('join_use_nulls') AS j FROM numbers(2)")).toEqual([
      { n: 2, j: false },
    ])
    await raw('SELECT 1', { join_use_nulls: 1 })
    const [pinned] = await queryRows<{ j: boolean }>(client, {
      query: "SELECT getSetting('join_use_nulls') AS j",
    })
    expect(pinned).toEqual({ j: false })
    const [chosen] = await queryRows<{ j: boolean }>(client, {
      query: "SELECT getSetting('join_use_nulls') AS j",
      settings: { join_use_nulls: 1 },
    })
    expect(chosen).toEqual({ j: true })
    await raw('SELECT 1', { join_use_nulls: 0 })
  })

  it('logs each read at debug with its name, elapsed ms and row count', async () => {
    const { logger, lines } = recordingLogger()
    await readRows<{ n: number }>(
      { clickhouse: client, logger },
      { what: 'five numbers', query: 'SELECT number AS n FROM numbers(5)', int64: ['n'] },
    )
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 20, msg: 'store read', what: 'five numbers', rows: 5 })
    expect(typeof lines[0]?.ms).toBe('number')
  })
})
