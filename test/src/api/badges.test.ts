import { insertTsv, latestRows, snapshotRows } from '@ludex/pipelines'
import { tables } from '@ludex/pipelines/store'
import { BADGE_CSV_COLUMNS, badgeStatList, type PlaceSnapshotV1, SCHEMA_VERSION } from '@ludex/schemas'
import { badgeCountOf, badgesOf, indexOfPlace, indexOfUniverse, metadataAt, snapSlot } from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, type ErrorBody, getJson, startApiFixture } from './fixture.ts'

/** Splits RFC 4180 CSV text into records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let k = 0; k < text.length; k++) {
    const c = text[k]!
    if (quoted) {
      if (c === '"' && text[k + 1] === '"') {
        field += '"'
        k++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      record.push(field)
      field = ''
    } else if (c === '\r' && text[k + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      k++
    } else field += c
  }
  if (field !== '' || record.length > 0) records.push([...record, field])
  return records
}

describe('/api/badges/{placeId}', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture()
  })
  afterAll(() => f.close())

  /** The badges the simulator serves for the place now (what the download fetches live). */
  const served = (placeId: number) => badgesOf(f.model, indexOfPlace(f.model, placeId), snapSlot(f.now))
  const withBadges = () => f.placeIds.find((id) => served(id).length >= 3)!

  it('downloads the badge stats as a CSV attachment named from the name and place id', async () => {
    const placeId = withBadges()
    const res = await fetch(`${f.url}/api/badges/${placeId}`, { headers: { Accept: 'text/csv' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const disposition = res.headers.get('content-disposition')!
    const name = metadataAt(f.model, indexOfPlace(f.model, placeId), snapSlot(f.now)).name
    const slug = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
    expect(disposition).toBe(
      `attachment; filename="${slug}-${placeId}-badges.csv"; filename*=UTF-8''${encodeURIComponent(`${name}-${placeId}-badges.csv`)}`,
    )
    const records = parseCsv(await res.text())
    expect(records[0]).toEqual([...BADGE_CSV_COLUMNS])
    const badges = served(placeId)
    expect(records.slice(1)).toHaveLength(badges.length)
    const byId = new Map(records.slice(1).map((r) => [Number(r[0]), r]))
    for (const b of badges) {
      const row = byId.get(b.id)!
      expect(row).toBeDefined()
      expect(row[1]).toBe(b.name)
      expect(row[3]).toBe(String(b.enabled))
      expect(Number(row[4])).toBe(b.awardedCount)
      expect(Number(row[5])).toBe(b.pastDayAwardedCount)
      expect(Number(row[6])).toBe(b.winRatePercentage)
      expect(Date.parse(row[7]!)).toBe(b.createdMs)
    }
  })

  it('answers an experience without badges with the header line only', async () => {
    const placeId = f.placeIds.find((id) => badgeCountOf(f.model, indexOfPlace(f.model, id)) === 0)!
    const res = await fetch(`${f.url}/api/badges/${placeId}`, { headers: { Accept: 'text/csv' } })
    expect(res.status).toBe(200)
    expect(parseCsv(await res.text())).toEqual([[...BADGE_CSV_COLUMNS]])
  })

  it('gives the same rows as JSON to a client that asks for JSON', async () => {
    const placeId = withBadges()
    const { status, body } = await getJson(f, `/api/badges/${placeId}`, {
      headers: { Accept: 'application/json' },
    })
    expect(status).toBe(200)
    const rows = badgeStatList.parse(body)
    expect(rows.map((r) => r.badge_id).sort()).toEqual(
      served(placeId)
        .map((b) => b.id)
        .sort(),
    )
  })

  it('serves the CSV to a client that accepts anything', async () => {
    const res = await fetch(`${f.url}/api/badges/${withBadges()}`, { headers: { Accept: '*/*' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(parseCsv(await res.text())[0]).toEqual([...BADGE_CSV_COLUMNS])
  })

  it('answers 502 upstream_unavailable when the platform refuses the call, whatever the form asked', async () => {
    // A place tracked in the store whose universe the simulator does not serve: it answers 404.
    const universeId = 9_000_000_001
    const placeId = 9_000_000_002
    expect(indexOfUniverse(f.model, universeId)).toBe(-1)
    // Its snapshot and its place_latest row, as the sink writes them.
    const slot = snapSlot(f.now)
    const snapshot: PlaceSnapshotV1 = {
      schema_version: SCHEMA_VERSION,
      id: 'badges-untracked-universe',
      source: 'poller',
      place_id: placeId,
      universe_id: universeId,
      slot,
      observed_at: slot,
      playing: 1,
      visits: 1,
      favorites: 0,
      up_votes: null,
      down_votes: null,
    }
    await insertTsv(f.clickhouse, tables.placeSnapshots, snapshotRows([snapshot]))
    await insertTsv(f.clickhouse, tables.placeLatest, latestRows([snapshot]))
    for (const accept of ['text/csv', 'application/json']) {
      const res = await getJson<ErrorBody>(f, `/api/badges/${placeId}`, { headers: { Accept: accept } })
      expect(res.status, accept).toBe(502)
      expect(res.body.error.code).toBe('upstream_unavailable')
      expect(res.body.error.message).toBe('The platform did not answer for badge stats')
    }
  })

  it('answers 406 when neither CSV nor JSON is acceptable', async () => {
    for (const accept of ['text/html', 'image/png, application/xml']) {
      const res = await getJson<ErrorBody>(f, `/api/badges/${withBadges()}`, { headers: { Accept: accept } })
      expect(res.status, accept).toBe(406)
      expect(res.body.error.code).toBe('not_acceptable')
    }
  })

  it('answers 404 for an untracked place and 400 naming placeId for a bad id', async () => {
    const missing = await getJson<ErrorBody>(f, '/api/badges/1', { headers: { Accept: 'text/csv' } })
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('not_found')
    for (const bad of ['abc', '0', '-1', '1.5']) {
      const res = await getJson<ErrorBody>(f, `/api/badges/${bad}`, { headers: { Accept: 'text/csv' } })
      expect(res.status, bad).toBe(400)
      expect(res.body.error.details?.[0]?.field).toBe('placeId')
    }
    const query = await getJson<ErrorBody>(f, `/api/badges/${withBadges()}?format=csv`, {
      headers: { Accept: 'text/csv' },
    })
    expect(query.status).toBe(400)
    expect(query.body.error.details?.[0]?.field).toBe('format')
  })
})
