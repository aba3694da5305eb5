import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { HISTORY_START_HEADER, KEPT_APP_READS_MS } from '@ludex/api'
import { targetCases } from '@ludex/cli'
import { rebuild } from '@ludex/pipelines'
import { insertSnapshots } from '@ludex/pipelines/testing'
import { experience, type StatsResponse, slimExperienceList, visitorHistoryStartMs } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, getJson, sendJson, startApiFixture } from './fixture.ts'

/*
 * The pages' calls through the hot reads (api/src/cache/hot-reads.ts), as `ludex run` serves them: a
 * signed-in viewer's answer, kept, is never what a visitor gets for the same address, nor the reverse;
 * a kept answer is the one the store gives (every call of the read targets, against an API without hot
 * reads on the same data); a fresh one is served once the rollups move; a kept answer's compressed bytes
 * are its JSON.
 */

const DAY = 86_400_000

interface PriceChange {
  readonly price: number
  readonly time: string
  readonly change: number
}

describe('hot reads through the routes', () => {
  let visitor: ApiFixture
  let user: ApiFixture
  let place: number

  beforeAll(async () => {
    visitor = await startApiFixture({
      hotReads: true,
      tags: (ids) => [{ name: 'Kept members', placeIds: ids.slice(0, 40) }],
    })
    user = await asUser(visitor)
    place = visitor.placeIds[0] as number
  })
  afterAll(async () => {
    await visitor?.close()
  })

  it('answers a visitor their 30 days after a signed-in viewer’s whole series was kept, and back', async () => {
    const start = new Date(visitor.now - 35 * DAY).toISOString()
    const path = `/api/stats/ccus?placeIds=${place}&granularity=day&startTime=${start}`
    const windowStart = visitorHistoryStartMs(visitor.now)

    const first = await getJson<StatsResponse>(user, path)
    expect(first.status).toBe(200)
    const userTimes = first.body.series[0]?.data.map((r) => r[0] as number) ?? []
    expect(userTimes.some((t) => t < windowStart)).toBe(true)

    const asVisitor = await getJson<StatsResponse>(visitor, path)
    expect(asVisitor.status).toBe(200)
    const visitorTimes = asVisitor.body.series[0]?.data.map((r) => r[0] as number) ?? []
    expect(visitorTimes.length).toBeGreaterThan(0)
    expect(visitorTimes.every((t) => t >= windowStart)).toBe(true)
    expect(asVisitor.headers.get(HISTORY_START_HEADER)).not.toBeNull()

    // Both kept now: each gets its own again.
    expect((await getJson<StatsResponse>(user, path)).body).toEqual(first.body)
    const again = await getJson<StatsResponse>(visitor, path)
    expect(again.body).toEqual(asVisitor.body)
    expect(again.headers.get(HISTORY_START_HEADER)).toBe(asVisitor.headers.get(HISTORY_START_HEADER))
  })

  it('keeps the visitor window on the other first-view calls too', async () => {
    const windowStart = visitorHistoryStartMs(visitor.now)
    // The whole price history for the signed-in viewer; the visitor's opens at the window.
    const full = await getJson<PriceChange[]>(user, `/api/place/${place}/price`)
    const cut = await getJson<PriceChange[]>(visitor, `/api/place/${place}/price`)
    expect(full.status).toBe(200)
    expect(cut.status).toBe(200)
    for (const c of cut.body) expect(Date.parse(c.time)).toBeGreaterThanOrEqual(windowStart)
    expect((await getJson<PriceChange[]>(user, `/api/place/${place}/price`)).body).toEqual(full.body)
    expect((await getJson<PriceChange[]>(visitor, `/api/place/${place}/price`)).body).toEqual(cut.body)
  })

  it('still answers 404 for an untracked place (an empty read kept is still empty)', async () => {
    const missing = 9_999_999_999
    for (let i = 0; i < 2; i++) {
      expect((await getJson(visitor, `/api/stats/ranking?placeId=${missing}`)).status).toBe(404)
      expect((await getJson(visitor, `/api/place/${missing}/markers`)).status).toBe(404)
    }
  })

  it('answers every read-target call as the same API without hot reads does, kept or not', async () => {
    const { creator_id } = (await getJson<{ creator_id: number }>(visitor, `/api/place/${place}`)).body
    for (const c of targetCases(place, creator_id, visitor.now)) {
      for (const viewer of [visitor, user]) {
        const expected = await getJson({ ...viewer, url: visitor.urlWithoutHotReads }, c.path)
        expect(expected.status, c.path).toBe(200)
        for (let i = 0; i < 2; i++) {
          const kept = await getJson(viewer, c.path)
          expect(kept.status, c.path).toBe(200)
          expect(kept.body, c.path).toEqual(expected.body)
          expect(kept.headers.get(HISTORY_START_HEADER), c.path).toBe(
            expected.headers.get(HISTORY_START_HEADER),
          )
        }
      }
    }
  })

  it('averages a tag from its members’ kept rows as the grouped statement does, reset or not', async () => {
    const tag = visitor.tags[0]!
    const start = new Date(visitor.now - 35 * DAY).toISOString()
    let checked = 0
    for (const kind of ['ccus', 'playtime'] as const) {
      for (const granularity of ['hour', 'day', 'week'] as const) {
        for (const includeZeros of [false, true]) {
          const path = `/api/stats/${kind}?tagId=${tag.id}&aggregation=average&withPercentiles=true&includeZeros=${includeZeros}&granularity=${granularity}&startTime=${start}`
          // Without hot reads: the one grouped statement (the engine's avg and quantilesExactInclusive).
          const expected = await getJson<StatsResponse>({ ...user, url: visitor.urlWithoutHotReads }, path)
          expect(expected.status, path).toBe(200)
          const rows = expected.body.series[0]?.data ?? []
          expect(rows.length, path).toBeGreaterThan(3)
          // The first call reads the members' rows, the next ones (reset or not) compute from kept ones.
          for (const reset of ['', '&reset-cache=true', '&reset-cache=true']) {
            const kept = await getJson<StatsResponse>(user, path + reset)
            expect(kept.status, path).toBe(200)
            const keptRows = kept.body.series[0]?.data ?? []
            expect(
              keptRows.map((r) => r[0]),
              path,
            ).toEqual(rows.map((r) => r[0]))
            // Values are rounded as their kind's rows; the sums may differ in the last bit of a double.
            for (const [i, row] of keptRows.entries()) {
              for (const [j, v] of row.entries()) {
                expect(Math.abs((v as number) - (rows[i]![j] as number)), path).toBeLessThanOrEqual(
                  0.1 + 1e-9,
                )
              }
            }
            checked += keptRows.length
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('serves a kept answer compressed once per encoding: its bytes are its JSON, with the same ETag', async () => {
    const path = '/api/place?slim'
    const plainText = (await rawGet(visitor, path, {})).body.toString('utf8')
    const list = JSON.parse(plainText) as unknown[]
    expect(list.length).toBeGreaterThan(100)
    const etag = (await rawGet(visitor, path, {})).headers.etag
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      // The first answer of the kept list in this encoding, then the bytes kept for it.
      for (let i = 0; i < 2; i++) {
        const res = await rawGet(visitor, path, { 'accept-encoding': accept })
        expect(res.status).toBe(200)
        expect(res.headers['content-encoding']).toBe(encoding)
        expect(res.headers.vary).toMatch(/Accept-Encoding/)
        expect(res.headers['content-type']).toMatch(/^application\/json/)
        expect(res.headers.etag).toBe(etag)
        expect(Number(res.headers['content-length'] ?? res.body.length)).toBe(res.body.length)
        expect(decode(res.body).toString('utf8')).toBe(plainText)
      }
    }
    // A client that asks for no encoding gets the JSON as it is; a matching ETag, a 304 either way.
    expect(
      (await rawGet(visitor, path, { 'accept-encoding': 'identity' })).headers['content-encoding'],
    ).toBeUndefined()
    const notModified = await rawGet(visitor, path, { 'accept-encoding': 'br', 'if-none-match': etag ?? '' })
    expect(notModified.status).toBe(304)
    expect(notModified.body.length).toBe(0)
  })
})

describe('hot reads through the routes: fresh once the rollups move', () => {
  let f: ApiFixture
  let clock = 0
  beforeAll(async () => {
    f = await startApiFixture({ hotReads: true, now: () => clock })
    clock = f.now
  })
  afterAll(async () => {
    await f?.close()
  })

  it('keeps the markers computed until the watermark moves, then shows a spike that landed', async () => {
    const place = f.placeIds[0] as number
    const path = `/api/place/${place}/markers`
    const spikes = (body: unknown) =>
      (body as { kind: string; time: string }[]).filter((m) => m.kind === 'ccuSpike')
    const before = await getJson(f, path)
    expect(before.status).toBe(200)
    // The last whole hour (13:01 to 14:00 UTC at the fixture's 14:03) has no spike yet.
    const hour = '2026-11-18T13:01:00.000Z'
    expect(spikes(before.body).map((m) => m.time)).not.toContain(hour)

    // A poll of that hour answered again with a hundred times the players, and its rollups recomputed.
    const slot = Date.parse('2026-11-18T13:30:00Z')
    await insertSnapshots(f.clickhouse, [
      { place_id: place, slot, playing: 10_000_000, observed_at: f.now - 1000 },
    ])
    await rebuild(f.clickhouse, { fromMs: slot, toMs: slot, now: f.now + 1000 })
    // Until the watermark is read again (its recheck), the kept answer stands...
    expect((await getJson(f, path)).body).toEqual(before.body)
    // ...and then the spike shows, computed from the fresh rows.
    clock += 5000
    const after = await getJson(f, path)
    expect(spikes(after.body).map((m) => m.time)).toContain(hour)
  })
})

describe('kept app reads through the routes: staff edits and tags', () => {
  let f: ApiFixture
  let clock = 0
  beforeAll(async () => {
    f = await startApiFixture({ hotReads: true, now: () => clock })
    clock = f.now
  })
  afterAll(async () => {
    await f?.close()
  })

  const detailOf = async (who: ApiFixture, place: number) =>
    experience.parse((await getJson(who, `/api/place/${place}`)).body)

  it('shows an edit or a tag change made through this process at once, though the pages are kept', async () => {
    const place = f.placeIds[2] as number
    const editor = await asUser(f, 'editor')
    const viewer = await asUser(f)
    const before = await detailOf(viewer, place)
    expect(await detailOf(viewer, place)).toEqual(before)

    const put = await sendJson(editor, 'PUT', `/api/place/${place}`, { canonical_name: 'Kept Reads Classic' })
    expect(put.status).toBe(200)
    expect((await detailOf(viewer, place)).canonical_name).toBe('Kept Reads Classic')
    const slim = slimExperienceList.parse((await getJson(viewer, '/api/place?slim')).body)
    expect(slim.find((e) => e.place_id === place)?.canonical_name).toBe('Kept Reads Classic')

    const tag = await sendJson<{ id: number }>(viewer, 'POST', '/api/placetag', {
      name: 'Mine',
      global: false,
    })
    expect(tag.status).toBe(200)
    expect((await detailOf(viewer, place)).tags).not.toContain(tag.body.id)
    const added = await sendJson(viewer, 'POST', `/api/placetag/${tag.body.id}/places`, {
      place_ids: [place],
    })
    expect(added.status).toBe(200)
    expect((await detailOf(viewer, place)).tags).toContain(tag.body.id)
  })

  it('shows another replica’s edit within KEPT_APP_READS_MS', async () => {
    const place = f.placeIds[3] as number
    const before = await detailOf(f, place)
    // Written past this process's repositories, as an API replica sharing the database would.
    await f.accounts.store.placeEdits.save(
      place,
      { canonicalName: 'Edited Elsewhere' },
      null,
      new Date(f.now),
    )
    expect(await detailOf(f, place)).toEqual(before)
    clock += KEPT_APP_READS_MS
    expect((await detailOf(f, place)).canonical_name).toBe('Edited Elsewhere')
  })
})

/** A GET with exactly these headers, its body as sent (fetch would decode it). */
function rawGet(
  f: ApiFixture,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${f.url}${path}`, { headers: { ...f.headers, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string | undefined>,
          body: Buffer.concat(chunks),
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}
