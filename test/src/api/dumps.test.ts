import { readFile } from 'node:fs/promises'
import { gunzipSync } from 'node:zlib'
import { hourlyDumpPath, previousUtcDay, writeHourlyDump } from '@ludex/pipelines'
import { type DumpList, HOURLY_DUMP_COLUMNS } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, getJson, startApiFixture } from './fixture.ts'

const DAY_MS = 86_400_000

interface Totals {
  rows: number
  places: number
  samples: number
  ccu_sum: number
  ccu_max: number
  visits_max: number
}

describe('daily bulk dumps of the hourly rollups (issue 21.4)', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture()
  })
  afterAll(() => f?.close())

  /** The day's hourly rollups as the store holds them, summed by the store itself. */
  const storeTotals = async (day: string): Promise<Totals> => {
    const [row] = await f.raw<Record<keyof Totals, string | number>>(
      `SELECT count() AS rows, uniqExact(place_id) AS places, sum(samples) AS samples, sum(ccu_sum) AS ccu_sum,
              sum(ccu_max) AS ccu_max, sum(visits_max) AS visits_max
       FROM place_rollups FINAL
       WHERE granularity = 'hour' AND toDate(bucket) = toDate({day:String})`,
      { day },
    )
    return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as unknown as Totals
  }

  /** The dump's CSV read back: header and rows, totalled in JavaScript. */
  const dumpTotals = (gz: Buffer) => {
    const [header, ...lines] = gunzipSync(gz).toString('utf8').trimEnd().split('\n')
    const rows = lines.map((l) => l.split(','))
    const col = (name: string) => HOURLY_DUMP_COLUMNS.indexOf(name as (typeof HOURLY_DUMP_COLUMNS)[number])
    const sum = (name: string) => rows.reduce((s, r) => s + Number(r[col(name)]), 0)
    return {
      header,
      buckets: rows.map((r) => r[col('bucket')] as string),
      totals: {
        rows: rows.length,
        places: new Set(rows.map((r) => r[col('place_id')])).size,
        samples: sum('samples'),
        ccu_sum: sum('ccu_sum'),
        ccu_max: sum('ccu_max'),
        visits_max: sum('visits_max'),
      } satisfies Totals,
    }
  }

  it('writes the previous day’s hourly rollups of every experience, equal to the rows they came from, once', async () => {
    const day = previousUtcDay(f.now)
    expect(day).toBe(new Date(f.now - DAY_MS).toISOString().slice(0, 10))
    const dataDir = f.config.LUDEX_DATA_DIR
    const result = await writeHourlyDump({ client: f.clickhouse, dataDir, day })
    const expected = await storeTotals(day)
    expect(expected.rows).toBeGreaterThan(expected.places)
    expect(result).toMatchObject({ day, rows: expected.rows, written: true })
    const dump = dumpTotals(await readFile(hourlyDumpPath(dataDir, day)))
    expect(dump.header).toBe(HOURLY_DUMP_COLUMNS.join(','))
    expect(dump.totals).toEqual(expected)
    // Every row is an hour of that UTC day, in ISO 8601 UTC.
    for (const bucket of dump.buckets) expect(bucket).toMatch(new RegExp(`^${day}T\\d{2}:\\d{2}:00\\.000Z$`))
    // Written once: a second run leaves the file as it is.
    const before = await readFile(hourlyDumpPath(dataDir, day))
    expect((await writeHourlyDump({ client: f.clickhouse, dataDir, day })).written).toBe(false)
    expect((await readFile(hourlyDumpPath(dataDir, day))).equals(before)).toBe(true)
  })

  it('lists and serves the dumps at stable addresses, older than 30 days only with a session', async () => {
    const dataDir = f.config.LUDEX_DATA_DIR
    const recent = previousUtcDay(f.now)
    const old = new Date(f.now - 35 * DAY_MS).toISOString().slice(0, 10)
    await writeHourlyDump({ client: f.clickhouse, dataDir, day: recent })
    await writeHourlyDump({ client: f.clickhouse, dataDir, day: old })

    const visitorList = await getJson<DumpList>(f, '/api/dumps')
    expect(visitorList.status).toBe(200)
    expect(visitorList.body.hourly.map((d) => d.date)).toEqual([recent])
    expect(visitorList.body.hourly[0]?.url).toBe(`/api/dumps/hourly/${recent}.csv.gz`)
    expect(visitorList.body.columns).toEqual([...HOURLY_DUMP_COLUMNS])
    expect(visitorList.body.visitor_from! <= recent).toBe(true)

    const file = await fetch(`${f.url}/api/dumps/hourly/${recent}.csv.gz`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/gzip')
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="ludex-hourly-${recent}.csv.gz"`,
    )
    const served = Buffer.from(await file.arrayBuffer())
    expect(served.equals(await readFile(hourlyDumpPath(dataDir, recent)))).toBe(true)
    expect(dumpTotals(served).totals).toEqual(await storeTotals(recent))

    const refused = await getJson<{ error: { code: string } }>(f, `/api/dumps/hourly/${old}.csv.gz`)
    expect(refused.status).toBe(401)
    const user = await asUser(f)
    const signedList = await getJson<DumpList>(user, '/api/dumps')
    expect(signedList.body.hourly.map((d) => d.date)).toEqual([recent, old])
    expect(signedList.body.visitor_from).toBeNull()
    const oldFile = await fetch(`${f.url}/api/dumps/hourly/${old}.csv.gz`, { headers: user.headers })
    expect(oldFile.status).toBe(200)
    expect(dumpTotals(Buffer.from(await oldFile.arrayBuffer())).totals).toEqual(await storeTotals(old))

    expect((await getJson(f, '/api/dumps/hourly/2026-11-01.csv.gz')).status).toBe(404)
    expect((await getJson(f, '/api/dumps/hourly/..%2Fsecret.csv.gz')).status).toBe(400)
  })
})
