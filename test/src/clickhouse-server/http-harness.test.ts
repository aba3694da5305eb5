import { type IncomingHttpHeaders, request } from 'node:http'
import { Readable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { type ClickHouseClient, ClickHouseError, createClient } from '@clickhouse/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ClickHouseHttp, startClickHouseHttp } from '../harness/clickhouse-http.ts'

/**
 * The harness speaks ClickHouse's HTTP protocol well enough for @clickhouse/client: these cases pin the
 * parts of the protocol Ludex relies on, each through the client and, where the wire matters, raw.
 */
describe('ClickHouse HTTP harness (chDB behind the HTTP interface)', () => {
  let ch: ClickHouseHttp
  let client: ClickHouseClient
  const clients: ClickHouseClient[] = []
  const make = (options: Parameters<typeof createClient>[0] = {}) => {
    const c = createClient({ url: ch.clickhouseUrl, database: 'h', log: { level: 127 as never }, ...options })
    clients.push(c)
    return c
  }

  beforeAll(async () => {
    ch = await startClickHouseHttp({ user: 'ludex', password: 's3cret' })
    const boot = createClient({ url: ch.clickhouseUrl })
    await boot.command({ query: 'CREATE DATABASE IF NOT EXISTS h' })
    await boot.close()
    client = make()
    await client.command({
      query: `CREATE TABLE IF NOT EXISTS t (id UInt32, name String, at DateTime64(3, 'UTC'), n Nullable(UInt64))
              ENGINE = MergeTree ORDER BY id`,
    })
  })
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()))
    await ch?.stop()
  })

  it('answers /ping and the client ping', async () => {
    const res = await fetch(`${ch.url}/ping`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('Ok.\n')
    expect(await client.ping()).toEqual({ success: true })
  })

  it('inserts JSONEachRow and TabSeparated bodies, gzip-compressed or not, and reports written rows', async () => {
    const plain = await client.insert({
      table: 't',
      values: [
        { id: 1, name: "it's", at: Date.UTC(2024, 0, 1), n: null },
        { id: 2, name: 'tab\there', at: Date.UTC(2024, 0, 2), n: 7 },
      ],
      format: 'JSONEachRow',
    })
    expect(plain.summary?.written_rows).toBe('2')
    const gzip = make({ compression: { request: true, response: true } })
    const tsv = await gzip.insert({
      table: 't',
      columns: ['id', 'name', 'at', 'n'],
      values: Readable.from(
        ['3\tback\\\\slash\t2024-01-03 00:00:00.000\t\\N\n', '4\tfour\t2024-01-04 00:00:00.000\t9\n'],
        {
          objectMode: false,
        },
      ),
      format: 'TabSeparated',
    })
    expect(tsv.summary?.written_rows).toBe('2')
    const rows = await (
      await gzip.query({ query: 'SELECT id, name, n FROM t ORDER BY id', format: 'JSONEachRow' })
    ).json<{ id: number; name: string; n: number | null }>()
    expect(rows).toEqual([
      { id: 1, name: "it's", n: null },
      { id: 2, name: 'tab\there', n: 7 },
      { id: 3, name: 'back\\slash', n: null },
      { id: 4, name: 'four', n: 9 },
    ])
  })

  it('binds param_* values in their escaped text form, scalars, arrays and NULL', async () => {
    const rs = await client.query({
      query: `SELECT {s:String} AS s, {ids:Array(UInt32)} AS ids, {names:Array(String)} AS names,
                     {none:Nullable(UInt64)} AS none, {at:DateTime64(3, 'UTC')} AS at`,
      query_params: {
        s: "quote ' back \\ tab \t nl \n end",
        ids: [1, 2, 3],
        names: ["o'clock", 'a\\b'],
        none: null,
        at: '2024-05-06 07:08:09.123',
      },
      format: 'JSONEachRow',
    })
    expect(await rs.json()).toEqual([
      {
        s: "quote ' back \\ tab \t nl \n end",
        ids: [1, 2, 3],
        names: ["o'clock", 'a\\b'],
        none: null,
        at: '2024-05-06 07:08:09.123',
      },
    ])
    const filtered = await client.query({
      query: 'SELECT id FROM t WHERE id IN {ids:Array(UInt32)} AND name != {not:String} ORDER BY id',
      query_params: { ids: [1, 2, 4], not: 'four' },
      format: 'JSONCompactEachRow',
    })
    expect(await filtered.json()).toEqual([[1], [2]])
  })

  it('takes parameters from a multipart body as well', async () => {
    const multipart = make({ use_multipart_params: true })
    const rs = await multipart.query({
      query: 'SELECT {a:UInt8} + {b:UInt8} AS sum, {c:String} AS c',
      query_params: { a: 2, b: 3, c: 'x y' },
      format: 'JSONEachRow',
    })
    expect(await rs.json()).toEqual([{ sum: 5, c: 'x y' }])
  })

  it('applies URL settings to their own query only', async () => {
    const withSetting = await client.query({
      query: "SELECT getSetting('join_use_nulls') AS v",
      format: 'JSONEachRow',
      clickhouse_settings: { join_use_nulls: 1 },
    })
    expect(await withSetting.json()).toEqual([{ v: true }])
    const after = await client.query({
      query: "SELECT getSetting('join_use_nulls') AS v",
      format: 'JSONEachRow',
    })
    expect(await after.json()).toEqual([{ v: false }])
  })

  it('uses the database parameter and FORMAT / default_format for the response', async () => {
    const res = await fetch(
      `${ch.url}/?database=h&default_format=JSONCompact&query=${encodeURIComponent('SELECT currentDatabase() AS db')}`,
      { headers: { Authorization: `Basic ${Buffer.from('ludex:s3cret').toString('base64')}` } },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('x-clickhouse-format')).toBe('JSONCompact')
    expect(((await res.json()) as { data: unknown }).data).toEqual([['h']])
    const tsv = await fetch(`${ch.url}/?user=ludex&password=s3cret`, {
      method: 'POST',
      body: 'SELECT 1 AS x, 2 AS y FORMAT TSVWithNames',
    })
    expect(tsv.headers.get('x-clickhouse-format')).toBe('TSVWithNames')
    expect(await tsv.text()).toBe('x\ty\n1\t2\n')
  })

  it('gzips the response when enable_http_compression=1 and the client accepts gzip', async () => {
    // node:http, not fetch: fetch would decode the body itself and hide whether it was compressed.
    const { headers, body } = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          `${ch.url}/?enable_http_compression=1&default_format=TSV`,
          {
            method: 'POST',
            headers: {
              'X-ClickHouse-User': 'ludex',
              'X-ClickHouse-Key': 's3cret',
              'Accept-Encoding': 'gzip',
            },
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
          },
        )
        req.on('error', reject)
        req.end('SELECT number FROM system.numbers LIMIT 3')
      },
    )
    expect(headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(body).toString('utf8')).toBe('0\n1\n2\n')
    const plain = await fetch(`${ch.url}/?default_format=TSV`, {
      method: 'POST',
      headers: { 'X-ClickHouse-User': 'ludex', 'X-ClickHouse-Key': 's3cret', 'Accept-Encoding': 'gzip' },
      body: 'SELECT 1',
    })
    expect(plain.headers.get('content-encoding')).toBeNull()
  })

  it('returns ClickHouse errors with their status, code header and text', async () => {
    const auth = { Authorization: `Basic ${Buffer.from('ludex:s3cret').toString('base64')}` }
    const unknown = await fetch(`${ch.url}/?database=h`, {
      method: 'POST',
      headers: auth,
      body: 'SELECT * FROM nope',
    })
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('x-clickhouse-exception-code')).toBe('60')
    expect(await unknown.text()).toMatch(
      /^Code: 60\. DB::Exception: .*nope.*\(UNKNOWN_TABLE\) \(version [\d.]+\)\n$/s,
    )
    const syntax = await fetch(`${ch.url}/`, { method: 'POST', headers: auth, body: 'SELEC 1' })
    expect(syntax.status).toBe(400)
    expect(syntax.headers.get('x-clickhouse-exception-code')).toBe('62')
    const noDb = await fetch(`${ch.url}/?database=missing`, {
      method: 'POST',
      headers: auth,
      body: 'SELECT 1',
    })
    expect(noDb.status).toBe(404)
    expect(noDb.headers.get('x-clickhouse-exception-code')).toBe('81')

    const err = await client.query({ query: 'SELECT * FROM nope' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ClickHouseError)
    expect((err as ClickHouseError).code).toBe('60')
    expect((err as ClickHouseError).type).toBe('UNKNOWN_TABLE')
    const badRow = await client
      .insert({ table: 't', values: [{ id: 'not a number' }], format: 'JSONEachRow' })
      .catch((e: unknown) => e)
    expect(badRow).toBeInstanceOf(ClickHouseError)
    expect((badRow as ClickHouseError).type).toMatch(/^CANNOT_PARSE/)
  })

  it('refuses wrong credentials with 403 AUTHENTICATION_FAILED, and writes over GET', async () => {
    const wrong = createClient({
      url: ch.url,
      username: 'ludex',
      password: 'nope',
      log: { level: 127 as never },
    })
    clients.push(wrong)
    const err = await wrong.query({ query: 'SELECT 1' }).catch((e: unknown) => e)
    expect((err as ClickHouseError).type).toBe('AUTHENTICATION_FAILED')
    const raw = await fetch(`${ch.url}/?query=SELECT%201`)
    expect(raw.status).toBe(403)
    expect(raw.headers.get('x-clickhouse-exception-code')).toBe('516')
    const get = await fetch(
      `${ch.url}/?user=ludex&password=s3cret&database=h&query=${encodeURIComponent("INSERT INTO t (id, name, at) VALUES (99, 'x', 0)")}`,
    )
    expect(get.ok).toBe(false)
    expect(await get.text()).toMatch(/READONLY/)
  })
})
