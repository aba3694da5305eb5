import { HISTORY_START_HEADER } from '@ludex/api'
import { type StatsResponse, visitorHistoryStartMs } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, getJson, startApiFixture } from './fixture.ts'

/*
 * The pages' calls through the hot reads (api/src/cache/hot-reads.ts), as `ludex run` serves them: a
 * signed-in viewer's answer, kept, is never what a visitor gets for the same address, nor the reverse,
 * and a kept answer is the one the store gave.
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
    visitor = await startApiFixture({ hotReads: true })
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
})
