import {
  ALERTS_PER_USER_MAX,
  type Alert,
  type AlertDelivery,
  alert,
  alertDeliveryList,
  alertList,
  WEBHOOK_ALERTS_PER_USER_MAX,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, asUser, type ErrorBody, getJson, sendJson, startApiFixture } from './fixture.ts'

/*
 * The alert calls (issue 20 point 1): signed-in users only, each user sees and deletes only their own,
 * bad input is a 400 naming the field, limits per user are a 409, webhook addresses must be public.
 */
describe('alerts: /api/alerts', () => {
  type Signed = Awaited<ReturnType<typeof asUser>>
  let f: ApiFixture
  let owner: Signed
  let other: Signed
  beforeAll(async () => {
    f = await startApiFixture({
      tags: (ids) => [
        { name: 'Curated for alerts', placeIds: ids.slice(0, 5) },
        { name: 'Somebody’s own', placeIds: ids.slice(5, 8), global: false },
      ],
    })
    owner = await asUser(f)
    other = await asUser(f)
  })
  afterAll(() => f?.close())

  const placeId = () => f.placeIds[0] as number
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Big day',
    target: { type: 'experience', placeId: placeId() },
    rule: { kind: 'ccu', direction: 'above', threshold: 1000 },
    delivery: { channel: 'email', digest: false },
    ...over,
  })
  const create = (who: ApiFixture, b: unknown) => sendJson<Alert & ErrorBody>(who, 'POST', '/api/alerts', b)
  const list = async (who: ApiFixture) => alertList.parse((await getJson(who, '/api/alerts')).body)
  const fieldsOf = (res: { body: ErrorBody }) => res.body.error.details?.map((d) => d.field) ?? []

  it('answers visitors 401 on every call', async () => {
    expect((await getJson(f, '/api/alerts')).status).toBe(401)
    expect((await getJson(f, '/api/alertdelivery')).status).toBe(401)
    expect((await create(f, body())).status).toBe(401)
    expect((await sendJson(f, 'DELETE', '/api/alerts/1')).status).toBe(401)
  })

  it('creates an email alert and lists it, with the limits, to its owner only', async () => {
    const res = await create(owner, body())
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const created = alert.parse(res.body)
    expect(created.delivery).toEqual({ channel: 'email', digest: false })
    expect(created.rule).toEqual({ kind: 'ccu', direction: 'above', threshold: 1000 })
    const mine = await list(owner)
    expect(mine.alerts.map((a) => a.id)).toContain(created.id)
    expect(mine.limits).toEqual({ alerts: ALERTS_PER_USER_MAX, webhooks: WEBHOOK_ALERTS_PER_USER_MAX })
    expect((await list(other)).alerts.map((a) => a.id)).not.toContain(created.id)
    const res2 = await getJson(owner, '/api/alerts')
    expect(res2.headers.get('cache-control')).toMatch(/no-store/)
  })

  it('accepts a momentum alert, to one label or to any, and lists it as created', async () => {
    for (const to of ['rising', 'any'] as const) {
      const res = await create(owner, body({ name: `Momentum ${to}`, rule: { kind: 'momentum', to } }))
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const created = alert.parse(res.body)
      expect(created.rule).toEqual({ kind: 'momentum', to })
      expect((await list(owner)).alerts.find((a) => a.id === created.id)?.rule).toEqual({
        kind: 'momentum',
        to,
      })
    }
  })

  it('gives a webhook alert its own signing secret, and refuses a private or loopback address', async () => {
    const a = await create(
      owner,
      body({ delivery: { channel: 'webhook', url: 'https://hooks.example.com/x', format: 'discord' } }),
    )
    expect(a.status).toBe(200)
    const b = await create(
      owner,
      body({ delivery: { channel: 'webhook', url: 'https://hooks.example.com/y' } }),
    )
    const [da, db] = [alert.parse(a.body).delivery, alert.parse(b.body).delivery]
    if (da.channel !== 'webhook' || db.channel !== 'webhook') throw new Error('not webhooks')
    expect(da.secret).toMatch(/^[0-9a-f]{64}$/)
    expect(da.secret).not.toBe(db.secret)
    expect(db.format).toBe('json')
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://[::1]/x',
      'http://169.254.169.254/latest',
    ]) {
      const refused = await create(owner, body({ delivery: { channel: 'webhook', url } }))
      expect(refused.status, url).toBe(400)
      expect(fieldsOf(refused), url).toEqual(['body.delivery.url'])
    }
    for (const url of ['ftp://example.com/x', 'javascript:alert(1)', 'not a url']) {
      const refused = await create(owner, body({ delivery: { channel: 'webhook', url } }))
      expect(refused.status, url).toBe(400)
      expect(fieldsOf(refused)[0], url).toBe('body.delivery.url')
    }
  })

  it('names the field of bad input with a 400, never a 5xx', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ target: { type: 'experience', placeId: -1 } }, 'target.placeId'],
      [{ target: { type: 'experience', placeId: 1 } }, 'target.placeId'],
      [{ target: { type: 'planet', placeId: 1 } }, 'target.type'],
      [{ rule: { kind: 'ccu', direction: 'sideways', threshold: 5 } }, 'rule.direction'],
      [{ rule: { kind: 'ccu', direction: 'above', threshold: -5 } }, 'rule.threshold'],
      [{ rule: { kind: 'change', period: 'day', direction: 'up', percent: 0 } }, 'rule.percent'],
      [{ rule: { kind: 'rank', categoryId: 3, topN: 10, direction: 'enter' } }, 'rule.categoryId'],
      [{ rule: { kind: 'rank', categoryId: 8, topN: 101, direction: 'enter' } }, 'rule.topN'],
      [{ rule: { kind: 'momentum', to: 'up' } }, 'rule.to'],
      [{ rule: { kind: 'momentum' } }, 'rule.to'],
      [{ delivery: { channel: 'sms' } }, 'delivery.channel'],
    ]
    for (const [over, field] of cases) {
      const res = await create(owner, body(over))
      expect(res.status, JSON.stringify(over)).toBe(400)
      expect(fieldsOf(res)[0], JSON.stringify(over)).toBe(`body.${field}`)
    }
  })

  it('takes a tag the user sees (curated), and refuses another user’s personal tag as if it did not exist', async () => {
    const [curated, personal] = f.tags
    if (!curated || !personal) throw new Error('fixture tags missing')
    const ok = await create(
      owner,
      body({ target: { type: 'tag', tagId: curated.id }, rule: { kind: 'update' } }),
    )
    expect(ok.status).toBe(200)
    const refused = await create(owner, body({ target: { type: 'tag', tagId: personal.id } }))
    expect(refused.status).toBe(400)
    expect(fieldsOf(refused)).toEqual(['body.target.tagId'])
  })

  it('lets only the owner delete an alert: another user gets a 404 and the alert stays', async () => {
    const created = alert.parse((await create(owner, body({ name: 'To delete' }))).body)
    const refused = await sendJson<ErrorBody>(other, 'DELETE', `/api/alerts/${created.id}`)
    expect(refused.status).toBe(404)
    expect((await list(owner)).alerts.map((a) => a.id)).toContain(created.id)
    expect((await sendJson(owner, 'DELETE', `/api/alerts/${created.id}`)).status).toBe(200)
    expect((await list(owner)).alerts.map((a) => a.id)).not.toContain(created.id)
    expect((await sendJson(owner, 'DELETE', `/api/alerts/${created.id}`)).status).toBe(404)
    const bad = await sendJson<ErrorBody>(owner, 'DELETE', '/api/alerts/abc')
    expect(bad.status).toBe(400)
    expect(fieldsOf(bad)).toEqual(['id'])
  })

  it('sends a test firing of the owner’s alert, once a minute, listed among their deliveries only', async () => {
    const created = alert.parse((await create(owner, body({ name: 'Tested' }))).body)
    expect((await sendJson(other, 'POST', `/api/alerts/${created.id}/test`)).status).toBe(404)
    const sent = await sendJson<AlertDelivery>(owner, 'POST', `/api/alerts/${created.id}/test`)
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({
      alert_id: created.id,
      alert_name: 'Tested',
      channel: 'email',
      status: 'pending',
      attempts: 0,
    })
    const again = await sendJson<ErrorBody>(owner, 'POST', `/api/alerts/${created.id}/test`)
    expect(again.status).toBe(429)
    // The next test opens with the next minute: Retry-After says when, within it.
    const retry = Number(again.headers.get('retry-after'))
    expect(retry).toBeGreaterThanOrEqual(1)
    expect(retry).toBeLessThanOrEqual(60)
    const mine = alertDeliveryList.parse((await getJson(owner, '/api/alertdelivery')).body)
    expect(mine.map((d) => d.id)).toContain(sent.body.id)
    expect(alertDeliveryList.parse((await getJson(other, '/api/alertdelivery')).body)).toEqual([])
  })

  it('refuses the alert over the per-user limits with a 409', async () => {
    const heavy = await asUser(f)
    for (let i = 0; i < WEBHOOK_ALERTS_PER_USER_MAX; i++) {
      const res = await create(
        heavy,
        body({ delivery: { channel: 'webhook', url: `https://hooks.example.com/${i}` } }),
      )
      expect(res.status).toBe(200)
    }
    const sixth = await create(
      heavy,
      body({ delivery: { channel: 'webhook', url: 'https://hooks.example.com/z' } }),
    )
    expect(sixth.status).toBe(409)
    expect(fieldsOf(sixth)).toEqual(['body.delivery.channel'])
    for (let i = WEBHOOK_ALERTS_PER_USER_MAX; i < ALERTS_PER_USER_MAX; i++) {
      expect((await create(heavy, body())).status).toBe(200)
    }
    const over = await create(heavy, body())
    expect(over.status).toBe(409)
    expect(over.body.error.message).toContain(String(ALERTS_PER_USER_MAX))
  })
})
