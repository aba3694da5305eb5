import type { ClickHouseClient } from '@ludex/pipelines/store'
import type { BadgeStatRow } from '@ludex/schemas'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp } from '../../app/create-app.ts'
import { listen, type RunningServer } from '../../app/server.ts'
import { createMemoryAggregateCache } from '../../cache/aggregate-cache.ts'
import { staticTagRepository } from '../../deps.ts'
import { badgesRoute } from './download.ts'
import { asciiSlug, badgeCsvDisposition } from './filename.ts'

const NAME = 'Ünïcode "Obby": Part 2 (Beta)'

/** A store that knows one place (universe 42) and answers every read with it. */
const fakeStore = {
  query: async () => ({ json: async () => [{ universe_id: 42, name: NAME }] }),
} as unknown as ClickHouseClient

const ROW: BadgeStatRow = {
  badge_id: 7,
  name: '=SUM(A1), "quoted"',
  description: 'line one\nline two',
  enabled: true,
  awarded_count: 10,
  past_day_awarded_count: 1,
  win_rate_percentage: 12.5,
  created: '2024-01-01T00:00:00Z',
  updated: '2024-01-02T00:00:00Z',
}

describe('badge download', () => {
  let server: RunningServer
  let upstream: (universeId: number) => Promise<readonly BadgeStatRow[]>
  const logger = pino({ level: 'silent' })
  beforeAll(async () => {
    const app = createApiApp({
      logger,
      readiness: async () => ({}),
      routes: [badgesRoute],
      validateResponses: true,
      deps: {
        clickhouse: fakeStore,
        tags: staticTagRepository(),
        badges: (universeId) => upstream(universeId),
        cache: createMemoryAggregateCache(),
        now: Date.now,
        logger,
      },
    })
    server = await listen(app, '127.0.0.1', 0)
  })
  afterAll(() => server.close())

  it('fetches the universe of the place and renders safe CSV with a UTF-8 file name', async () => {
    let asked = 0
    upstream = async (universeId) => {
      asked = universeId
      return [ROW]
    }
    const res = await fetch(`${server.url}/api/badges/99`, { headers: { Accept: 'text/csv' } })
    expect(res.status).toBe(200)
    expect(asked).toBe(42)
    expect(res.headers.get('content-disposition')).toBe(badgeCsvDisposition(NAME, 99))
    const text = await res.text()
    expect(text.split('\r\n')[1]).toBe(
      `7,"'=SUM(A1), ""quoted""","line one\nline two",true,10,1,12.5,2024-01-01T00:00:00Z,2024-01-02T00:00:00Z`,
    )
  })

  it('answers 502 upstream_unavailable when the platform fails, whatever the form asked', async () => {
    upstream = async () => {
      throw new Error('connect ECONNREFUSED')
    }
    for (const accept of ['text/csv', 'application/json']) {
      const res = await fetch(`${server.url}/api/badges/99`, { headers: { Accept: accept } })
      expect(res.status).toBe(502)
      const body = (await res.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('upstream_unavailable')
      expect(body.error.message).not.toContain('ECONNREFUSED')
    }
  })

  it('serves the CSV to a client that accepts anything', async () => {
    upstream = async () => [ROW]
    const res = await fetch(`${server.url}/api/badges/99`, { headers: { Accept: '*/*' } })
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  })
})

describe('badge CSV file name', () => {
  it('has an ASCII slug and an RFC 5987 UTF-8 name', () => {
    expect(asciiSlug(NAME)).toBe('unicode-obby-part-2-beta')
    expect(badgeCsvDisposition(NAME, 5)).toBe(
      `attachment; filename="unicode-obby-part-2-beta-5-badges.csv"; ` +
        `filename*=UTF-8''%C3%9Cn%C3%AFcode%20-Obby-%20Part%202%20%28Beta%29-5-badges.csv`,
    )
  })

  it('falls back to "experience" when nothing of the name is left', () => {
    expect(badgeCsvDisposition('★★★', 3)).toContain('filename="experience-3-badges.csv"')
    expect(badgeCsvDisposition('', 3)).toContain(`filename*=UTF-8''experience-3-badges.csv`)
  })
})
