import type { ClickHouseClient } from '@clickhouse/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run, select } from './sql.ts'
import { openTestStore, rows } from './test-store.ts'

/**
 * chDB runs every call of a process on one engine session, and turns a call's clickhouse_settings into
 * SET statements on it: a setting passed that way stays for every later query. The materialisers'
 * statements need join_use_nulls = 1; nothing else may see it.
 */
let client: ClickHouseClient
beforeAll(async () => {
  client = await openTestStore()
  await client.command({ query: 'CREATE TABLE sql_left (k UInt8) ENGINE = Memory' })
  await client.command({ query: 'CREATE TABLE sql_right (k UInt8, w UInt8) ENGINE = Memory' })
  await client.command({
    query: 'CREATE TABLE sql_out (k UInt8, w Nullable(UInt8), part String) ENGINE = Memory',
  })
  await client.command({ query: 'INSERT INTO sql_left VALUES (1), (2)' })
  await client.command({ query: 'INSERT INTO sql_right VALUES (1, 10)' })
})
afterAll(async () => {
  await client.close()
})

const JOINED = 'FROM sql_left AS l LEFT JOIN sql_right AS r ON r.k = l.k'

describe('the materialisers’ statements on chDB', () => {
  it('apply join_use_nulls inside the statement (every part of a UNION ALL), and to it alone', async () => {
    await run(client, {
      what: 'probe insert',
      query: `INSERT INTO sql_out SELECT l.k, r.w, 'first' ${JOINED} UNION ALL SELECT l.k, r.w, 'second' ${JOINED}`,
    })
    expect(await rows(client, 'SELECT part, k, w FROM sql_out ORDER BY part, k')).toEqual([
      { part: 'first', k: 1, w: 10 },
      { part: 'first', k: 2, w: null },
      { part: 'second', k: 1, w: 10 },
      { part: 'second', k: 2, w: null },
    ])
    expect(
      await select(client, { what: 'probe read', query: `SELECT l.k AS k, r.w AS w ${JOINED} ORDER BY k` }),
    ).toEqual([
      { k: 1, w: 10 },
      { k: 2, w: null },
    ])
    // A later plain query of the same process reads the server default: the unmatched column is 0.
    expect(await rows(client, `SELECT l.k AS k, r.w AS w ${JOINED} ORDER BY k`)).toEqual([
      { k: 1, w: 10 },
      { k: 2, w: 0 },
    ])
    expect(await rows(client, "SELECT value FROM system.settings WHERE name = 'join_use_nulls'")).toEqual([
      { value: '0' },
    ])
  })
})
