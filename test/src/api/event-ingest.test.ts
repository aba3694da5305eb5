import { createHmac } from 'node:crypto'
import { type ResumedMaterialiser, resumeMaterialiser, tables } from '@ludex/pipelines'
import {
  EVENT_BATCH_MAX,
  EVENT_BODY_MAX_BYTES,
  type EventStat,
  type GameCredential,
  type GameEvent,
  PARTIAL_FROM_HEADER,
} from '@ludex/schemas'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, type ErrorBody, getJson, sendJson, startApiFixture } from './fixture.ts'

/*
 * POST /api/events (issue 17 point 4): a game server's signed batch, checked as the documented
 * algorithm says (computed here with node:crypto, apart from the server's code), carried by the real
 * in-process bus into chDB, and counted per day by the materialiser following the insert log, as in
 * `ludex run`. The API's clock stands at FIXTURE.now, so requests are signed at that time.
 */

const RATE_LIMIT = 6

/** HMAC-SHA256 of `timestamp + "." + body`, keyed with the secret key's text, in lower-case hex. */
function sign(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
}

interface Sent {
  readonly status: number
  readonly body: ErrorBody & { accepted?: number }
  readonly headers: Headers
}

describe('game events: signed ingestion, deduplication and daily counts', () => {
  let f: ApiFixture
  let editor: ApiFixture
  let materialiser: ResumedMaterialiser
  beforeAll(async () => {
    f = await startApiFixture({ env: { EVENT_RATE_LIMIT: String(RATE_LIMIT) } })
    editor = await asUser(f, 'editor')
    // The materialiser of `ludex run`: it follows the insert log the fixture's sink writes.
    materialiser = await resumeMaterialiser({
      client: f.clickhouse,
      logger: pino({ level: 'silent' }),
      clock: { now: () => f.now },
      pollMs: 60_000,
    })
  })
  afterAll(async () => {
    await materialiser?.stop()
    await f?.close()
  })

  let counter = 0
  async function credential(placeId = f.placeIds[0]!): Promise<GameCredential> {
    const res = await sendJson<GameCredential>(editor, 'POST', '/api/gamecredential', {
      placeId,
      comment: `Ingest ${++counter}`,
    })
    expect(res.status).toBe(200)
    return res.body
  }

  const seconds = (ms: number) => String(Math.floor(ms / 1000))

  /** Posts a body as a game server does; each part of the signing can be overridden. */
  async function post(
    c: GameCredential,
    body: string,
    options: {
      timestamp?: string
      secret?: string
      gameKey?: string
      signature?: string
      omit?: string
    } = {},
  ): Promise<Sent> {
    const timestamp = options.timestamp ?? seconds(f.now)
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-ludex-game-key': options.gameKey ?? c.game_key,
      'x-ludex-timestamp': timestamp,
      'x-ludex-signature': options.signature ?? sign(options.secret ?? c.secret_key, timestamp, body),
    }
    if (options.omit) delete headers[options.omit]
    const res = await fetch(`${f.url}/api/events`, { method: 'POST', headers, body })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers }
  }

  function events(n: number, prefix: string, at = f.now - 60_000): GameEvent[] {
    return Array.from({ length: n }, (_, i) => ({
      id: `${prefix}-${i}`,
      name: i % 2 ? 'purchase' : 'level_completed',
      time: at - i * 1000,
      ...(i % 2 ? { value: 99 } : {}),
      ...(i % 3 === 0 ? { properties: { level: `lvl-${i}`, hard: true, tries: 3 } } : {}),
    }))
  }
  const batch = (list: GameEvent[]) => JSON.stringify({ events: list })

  const storedEvents = async (placeId: number) =>
    Number(
      (
        await f.raw<{ n: string }>(
          `SELECT toString(count()) AS n FROM ${tables.gameEvents} FINAL WHERE place_id = {p:UInt64}`,
          { p: placeId },
        )
      )[0]?.n,
    )
  /** Waits until the sink has inserted what the bus accepted, then until the materialiser is done. */
  async function settle(): Promise<void> {
    await f.bus.drain()
    await materialiser.catchUp()
  }
  const stats = (query = 'granularity=day') => getJson<EventStat[]>(editor, `/api/stats/events?${query}`)

  it('accepts a batch signed as documented, and counts each event once however often it is sent', async () => {
    const c = await credential(f.placeIds[0])
    const body = batch(events(5, 'once'))
    const first = await post(c, body)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toEqual({ accepted: 5 })
    // The same batch again, signed afresh (the Luau module's retry after a lost answer), and a batch
    // overlapping it: accepted, but stored once per event id.
    expect((await post(c, body, { timestamp: seconds(f.now - 1000) })).status).toBe(200)
    expect((await post(c, batch(events(7, 'once')), { timestamp: seconds(f.now - 2000) })).body).toEqual({
      accepted: 7,
    })
    await settle()
    expect(await storedEvents(c.place_id)).toBe(7)
    const today = new Date(f.now).toISOString().slice(0, 10)
    const res = await stats()
    expect(res.status).toBe(200)
    expect(res.body).toContainEqual({ place_id: c.place_id, num_events: 7, date: today })
    // The day in progress is marked: its count is not a whole day's.
    expect(res.headers.get(PARTIAL_FROM_HEADER)).toBe(new Date(Date.UTC(2026, 10, 18, 1)).toISOString())
    // Sent again after the materialisation: the day's count does not move.
    expect((await post(c, body, { timestamp: seconds(f.now - 3000) })).status).toBe(200)
    await settle()
    expect((await stats()).body).toContainEqual({ place_id: c.place_id, num_events: 7, date: today })
  })

  it('refuses the wrong key, the wrong secret, a tampered body and an old or future timestamp', async () => {
    const c = await credential()
    const other = await credential()
    const body = batch(events(2, 'refused'))
    const cases: [string, Promise<Sent>, number, string][] = [
      ['unknown key', post(c, body, { gameKey: 'f'.repeat(32) }), 401, 'unknown_game_key'],
      ["another credential's key", post(c, body, { gameKey: other.game_key }), 401, 'bad_signature'],
      ['wrong secret', post(c, body, { secret: other.secret_key }), 401, 'bad_signature'],
      [
        'tampered body',
        post(c, body.replace('refused-0', 'refused-9'), {
          signature: sign(c.secret_key, seconds(f.now), body),
        }),
        401,
        'bad_signature',
      ],
      ['6 minutes old', post(c, body, { timestamp: seconds(f.now - 6 * 60_000) }), 401, 'stale_timestamp'],
      ['2 minutes ahead', post(c, body, { timestamp: seconds(f.now + 2 * 60_000) }), 401, 'timestamp_ahead'],
    ]
    for (const [what, sent, status, code] of cases) {
      const res = await sent
      expect(res.status, what).toBe(status)
      expect(res.body.error.code, what).toBe(code)
    }
    // Within the window at both ends: 4 minutes old and 30 seconds ahead are taken.
    expect((await post(c, body, { timestamp: seconds(f.now - 4 * 60_000) })).status).toBe(200)
    expect((await post(c, body, { timestamp: seconds(f.now + 30_000) })).status).toBe(200)
  })

  it('names a missing or malformed header', async () => {
    const c = await credential()
    const body = batch(events(1, 'headers'))
    for (const header of ['x-ludex-game-key', 'x-ludex-timestamp', 'x-ludex-signature']) {
      const res = await post(c, body, { omit: header })
      expect(res.status, header).toBe(401)
      expect(res.body.error.details?.[0]?.field.toLowerCase()).toBe(`header.${header}`)
    }
    const short = await post(c, body, { signature: 'abc' })
    expect(short.status).toBe(401)
    expect(short.body.error.details?.[0]?.field).toBe('header.X-Ludex-Signature')
    // Upper-case hex is the same signature.
    const upper = await post(c, body, { signature: sign(c.secret_key, seconds(f.now), body).toUpperCase() })
    expect(upper.status).toBe(200)
  })

  it('refuses a replayed request: the same signed bytes twice, or the old signature on a new timestamp', async () => {
    const c = await credential()
    const body = batch(events(3, 'replay'))
    const timestamp = seconds(f.now - 10_000)
    const signature = sign(c.secret_key, timestamp, body)
    expect((await post(c, body, { timestamp, signature })).status).toBe(200)
    const again = await post(c, body, { timestamp, signature })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('replayed')
    const moved = await post(c, body, { timestamp: seconds(f.now), signature })
    expect(moved.status).toBe(401)
    expect(moved.body.error.code).toBe('bad_signature')
    await settle()
    expect(await storedEvents(c.place_id)).toBeGreaterThanOrEqual(3)
  })

  it('refuses a disabled credential (403, after its signature) until it is enabled again, and a deleted one', async () => {
    const c = await credential(f.placeIds[1])
    const body = batch(events(1, 'disabled'))
    expect(
      (await sendJson(editor, 'PUT', `/api/gamecredential/${c.game_key}`, { disabled: true })).status,
    ).toBe(200)
    const refused = await post(c, body)
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('credential_disabled')
    // Without the secret, a disabled key looks like any wrong signature.
    expect((await post(c, body, { secret: 'guess' })).status).toBe(401)
    await sendJson(editor, 'PUT', `/api/gamecredential/${c.game_key}`, { disabled: false })
    expect((await post(c, body, { timestamp: seconds(f.now - 1000) })).status).toBe(200)
    await sendJson(editor, 'DELETE', `/api/gamecredential/${c.game_key}`)
    const gone = await post(c, body, { timestamp: seconds(f.now - 2000) })
    expect(gone.status).toBe(401)
    expect(gone.body.error.code).toBe('unknown_game_key')
  })

  it('validates the batch after the signature: 400s name the event and field, 413 past the size', async () => {
    const good = events(1, 'valid')[0]!
    const cases: [unknown, string][] = [
      [{ events: [] }, 'body.events'],
      [{ events: [{ ...good, name: '  ' }] }, 'body.events.0.name'],
      [{ events: [good, { ...good, id: 'has space' }] }, 'body.events.1.id'],
      [{ events: [{ ...good, time: 1.5 }] }, 'body.events.0.time'],
      [{ events: [{ ...good, time: f.now - 8 * 86_400_000 }] }, 'body.events.0.time'],
      [{ events: [{ ...good, time: f.now + 5 * 60_000 }] }, 'body.events.0.time'],
      [{ events: [{ ...good, value: 'high' }] }, 'body.events.0.value'],
      [{ events: [{ ...good, properties: { nested: { a: 1 } } }] }, 'body.events.0.properties.nested'],
      [{ events: events(EVENT_BATCH_MAX + 1, 'many') }, 'body.events'],
    ]
    // A credential per case: each refused batch was signed, so it counts against the key's budget.
    for (const [value, field] of cases) {
      const res = await post(await credential(), JSON.stringify(value))
      expect(res.status, field).toBe(400)
      expect(
        res.body.error.details?.map((d) => d.field),
        field,
      ).toContain(field)
    }
    const c = await credential()
    const notJson = await post(c, '{"events": [', { timestamp: seconds(f.now - 50_000) })
    expect(notJson.status).toBe(400)
    const huge = batch([{ ...good, name: 'x'.repeat(90) }]).padEnd(EVENT_BODY_MAX_BYTES + 1, ' ')
    expect((await post(c, huge, { timestamp: seconds(f.now - 60_000) })).status).toBe(413)
  })

  it('limits batches per game key (429 with Retry-After), not per server', async () => {
    const c = await credential()
    const other = await credential()
    const statuses: number[] = []
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      statuses.push(
        (await post(c, batch(events(1, `limit-${i}`)), { timestamp: seconds(f.now - i * 1000) })).status,
      )
    }
    expect(statuses).toEqual([...Array(RATE_LIMIT).fill(200), 429, 429])
    const limited = await post(c, batch(events(1, 'limit-x')), { timestamp: seconds(f.now - 30_000) })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another credential has its own budget.
    expect((await post(other, batch(events(1, 'own')))).status).toBe(200)
  })

  it('answers only whole days up to the one in progress, for credentialed experiences, from a start date', async () => {
    const place = f.placeIds[2]!
    const c = await credential(place)
    // One event at 00:30 UTC on Nov 17 (the day of Nov 16), two on the day of Nov 17.
    const at = (iso: string) => Date.parse(iso)
    const list: GameEvent[] = [
      { id: 'd-1', name: 'x', time: at('2026-11-17T00:30:00Z') },
      { id: 'd-2', name: 'x', time: at('2026-11-17T01:00:00Z') },
      { id: 'd-3', name: 'x', time: at('2026-11-17T23:59:00Z') },
    ]
    expect((await post(c, batch(list))).status).toBe(200)
    await settle()
    const mine = (rows: EventStat[]) => rows.filter((r) => r.place_id === place)
    const all = await stats('granularity=day&startTime=2026-11-01')
    expect(mine(all.body)).toEqual([
      { place_id: place, num_events: 1, date: '2026-11-16' },
      { place_id: place, num_events: 2, date: '2026-11-17' },
    ])
    // Midnight of the 17th lies in the day of the 16th (01:00 to 01:00 UTC), which is read whole.
    const fromMidnight = await stats('granularity=day&startTime=2026-11-17&endTime=2026-11-17T12:00:00Z')
    expect(mine(fromMidnight.body).map((r) => r.date)).toEqual(['2026-11-16', '2026-11-17'])
    const closed = await stats('granularity=day&startTime=2026-11-17T01:00:00Z&endTime=2026-11-17T12:00:00Z')
    expect(mine(closed.body)).toEqual([{ place_id: place, num_events: 2, date: '2026-11-17' }])
    expect(closed.headers.get(PARTIAL_FROM_HEADER)).toBeNull()
    // Deleting the credential takes its experience out of the answer.
    await sendJson(editor, 'DELETE', `/api/gamecredential/${c.game_key}`)
    expect(mine((await stats('granularity=day&startTime=2026-11-01')).body)).toEqual([])
    const bad = await stats('granularity=week')
    expect(bad.status).toBe(400)
    expect((await stats('granularity=day&startTime=2026-11-18&endTime=2026-11-01')).status).toBe(400)
  })
})
