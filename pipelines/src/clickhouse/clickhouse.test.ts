import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { ClickHouseClient } from '@clickhouse/client'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { tables } from '../store/tables.ts'
import { createAnalyticsClient } from './client.ts'
import {
  loadMigrations,
  MigrationChecksumError,
  MigrationError,
  migrate,
  splitStatements,
} from './migrate.ts'
import { storeRefusal } from './refusals.ts'

const logger = pino({ level: 'silent' })
// chDB binds one data directory per process: every client of this file shares it.
const dataDir = mkdtempSync(join(tmpdir(), 'ludex-ch-'))
const clients: ClickHouseClient[] = []
const open = async (database: string) => {
  const c = await createAnalyticsClient({ LUDEX_DATA_DIR: dataDir, CLICKHOUSE_DATABASE: database }, logger)
  clients.push(c)
  return c
}
const rows = async <T>(c: ClickHouseClient, query: string) =>
  (await c.query({ query, format: 'JSONEachRow' })).json<T>()

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
})

describe('createAnalyticsClient over chDB', () => {
  it('creates the database and keeps it current for every later call', async () => {
    const c = await open('ludex_a')
    await c.command({ query: 'CREATE TABLE t_probe (x UInt8) ENGINE = MergeTree ORDER BY x' })
    await c.insert({ table: 't_probe', values: [{ x: 7 }], format: 'JSONEachRow' })
    expect(await rows(c, 'SELECT currentDatabase() AS db')).toEqual([{ db: 'ludex_a' }])
    expect(await rows(c, "SELECT database FROM system.tables WHERE name = 't_probe'")).toEqual([
      { database: 'ludex_a' },
    ])
    expect(await rows(c, 'SELECT x FROM ludex_a.t_probe')).toEqual([{ x: 7 }])
  })
})

describe('text inserts handed to chDB as bytes (withChdbRawInserts)', () => {
  const RAW_TABLE = 'CREATE TABLE IF NOT EXISTS t_raw (x UInt32, s String) ENGINE = MergeTree ORDER BY x'
  const tsv = (text: string) => Readable.from([Buffer.from(text)], { objectMode: false })

  it('land in the current database, with the settings scoped to the statement', async () => {
    const c = await open('ludex_raw')
    await c.command({ query: RAW_TABLE })
    const setting = "SELECT toString(getSetting('max_insert_block_size')) AS v"
    const before = await rows<{ v: string }>(c, setting)
    await c.insert({
      table: 't_raw',
      columns: ['x', 's'],
      values: tsv('1\ta\\tb\n2\tplain\n'),
      format: 'TabSeparated',
      clickhouse_settings: { max_insert_block_size: String(Number(before[0]?.v) + 1) },
    })
    await c.insert({ table: 't_raw', values: [{ x: 3, s: 'json' }], format: 'JSONEachRow' })
    expect(await rows(c, 'SELECT x, s FROM ludex_raw.t_raw ORDER BY x')).toEqual([
      { x: 1, s: 'a\tb' },
      { x: 2, s: 'plain' },
      { x: 3, s: 'json' },
    ])
    // The insert's setting did not stay on the chDB session, as a connection-level SET would.
    expect(await rows(c, setting)).toEqual(before)
  })

  it('report a refused row as the ClickHouseError the connection would (code and type)', async () => {
    const c = await open('ludex_raw')
    await c.command({ query: RAW_TABLE })
    const refused = await c
      .insert({
        table: 't_raw',
        columns: ['x', 's'],
        values: tsv('not a number\ts\n'),
        format: 'TabSeparated',
      })
      .then(
        () => null,
        (err: unknown) => err,
      )
    expect(refused).toMatchObject({ code: expect.stringMatching(/^\d+$/), type: expect.any(String) })
    expect(storeRefusal(refused)).not.toBeNull()
  })
})

describe('splitStatements', () => {
  it('splits at line-ending semicolons outside quotes and comments', () => {
    const sql = [
      '-- header; not a statement end;',
      "CREATE TABLE a (s String DEFAULT 'x;\ny;') ENGINE = Log;",
      '/* block; comment;',
      '*/ SELECT 1; SELECT 2;  -- trailing',
      'SELECT `odd;',
      'name`;',
      '-- only a comment at the end',
    ].join('\n')
    expect(splitStatements(sql)).toEqual([
      "-- header; not a statement end;\nCREATE TABLE a (s String DEFAULT 'x;\ny;') ENGINE = Log",
      '/* block; comment;\n*/ SELECT 1; SELECT 2',
      '-- trailing\nSELECT `odd;\nname`',
    ])
  })
})

describe('migrate', () => {
  it('applies the shipped migrations once and creates every table TypeScript names', async () => {
    const c = await open('ludex_m')
    const first = await migrate(c, logger)
    expect(first.applied).toEqual(loadMigrations().map((m) => m.name))
    const second = await migrate(c, logger)
    expect(second.applied).toEqual([])
    expect(second.skipped).toEqual(first.applied)
    const names = (
      await rows<{ name: string }>(c, 'SELECT name FROM system.tables WHERE database = currentDatabase()')
    ).map((r) => r.name)
    for (const t of Object.values(tables)) expect(names).toContain(t)
    // toUInt32: chDB prints UInt64 as a JSON number, a server quotes it; avoid depending on either.
    expect(await rows(c, `SELECT toUInt32(count()) AS n FROM ${tables.schemaMigrations}`)).toEqual([
      { n: first.applied.length },
    ])
  })

  it('applies new files in numeric order, refuses a changed applied file and reports a failing statement', async () => {
    const c = await open('ludex_x')
    const dir = mkdtempSync(join(tmpdir(), 'ludex-mig-'))
    writeFileSync(join(dir, '010_second.sql'), 'INSERT INTO m_order VALUES (2);\n')
    writeFileSync(join(dir, '2_bad_name.txt'), 'ignored: not .sql')
    writeFileSync(
      join(dir, '002_first.sql'),
      'CREATE TABLE IF NOT EXISTS m_order (n UInt8) ENGINE = MergeTree ORDER BY tuple();\nINSERT INTO m_order VALUES (1);\n',
    )
    expect((await migrate(c, logger, { dir })).applied).toEqual(['002_first.sql', '010_second.sql'])
    expect(await rows(c, 'SELECT n FROM m_order ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }])

    writeFileSync(join(dir, '010_second.sql'), 'INSERT INTO m_order VALUES (3);\n')
    writeFileSync(join(dir, '011_third.sql'), 'INSERT INTO m_order VALUES (4);\n')
    const err = await migrate(c, logger, { dir }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MigrationChecksumError)
    expect((err as MigrationChecksumError).migration).toBe('010_second.sql')
    // Refused before anything ran: 011 did not apply.
    expect(await rows(c, 'SELECT n FROM m_order ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }])

    writeFileSync(join(dir, '010_second.sql'), 'INSERT INTO m_order VALUES (2);\n')
    writeFileSync(
      join(dir, '011_third.sql'),
      'INSERT INTO m_order VALUES (4);\nSELECT no_such_column FROM m_order;\n',
    )
    const failed = await migrate(c, logger, { dir }).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(MigrationError)
    expect((failed as MigrationError).statementIndex).toBe(1)
    const recorded = await rows<{ name: string }>(
      c,
      `SELECT name FROM ${tables.schemaMigrations} ORDER BY version`,
    )
    expect(recorded.map((r) => r.name)).toEqual(['002_first.sql', '010_second.sql'])
  })
})
