import { request as httpRequest } from 'node:http'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ApiFixture,
  asUser,
  createUser,
  type ErrorBody,
  getJson,
  sendJson,
  startApiFixture,
} from './fixture.ts'

interface LogLine {
  readonly level: number
  readonly msg: string
  readonly status?: number
  readonly method?: string
}

/** A request with any method (fetch refuses TRACE), its status, headers and body. */
function rawRequest(
  base: string,
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => {
        body += c
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * What an attacker sends (issue 12): hand-made requests the shared schemas and HTTP layer must turn
 * into a 4xx naming the problem, never a 5xx. The fixture's app logs here, so the log level of an
 * answer is checked too.
 */
describe('hostile input', () => {
  let f: ApiFixture
  let admin: ApiFixture
  let viewer: ApiFixture
  const logs: LogLine[] = []
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line) logs.push(JSON.parse(line) as LogLine)
        done()
      },
    })
    f = await startApiFixture({ logger: pino({ level: 'info' }, sink) })
    admin = await asUser(f, 'admin')
    viewer = await asUser(f)
  })
  afterAll(() => f?.close())

  describe('times outside 2006-01-01 … 2100-01-01', () => {
    const calls = (place: number): [string, string][] => [
      [`/api/stats/ccus?placeIds=${place}&startTime=`, 'startTime'],
      [`/api/stats/ccus?placeIds=${place}&endTime=`, 'endTime'],
      ['/api/stats/genres?startTime=', 'startTime'],
      [`/api/stats/ranking?placeId=${place}&startTime=`, 'startTime'],
      ['/api/stats/ranking/8?startTime=', 'startTime'],
      ['/api/platform/picks?startTime=', 'startTime'],
      ['/api/platform/picks?endTime=', 'endTime'],
      ['/api/platform/ccu?startTime=', 'startTime'],
      ['/api/platform/ccu?endTime=', 'endTime'],
      [`/api/thumbnail?placeId=${place}&startTime=`, 'startTime'],
      ['/api/stats/ccus?tagId=1&aggregation=average&startTime=', 'startTime'],
    ]
    /** Staff calls: a visitor or a viewer is refused (401, 403) before any parameter is read. */
    const staffCalls: [string, string][] = [
      ['/api/stats/events?startTime=', 'startTime'],
      ['/api/stats/events?endTime=', 'endTime'],
    ]
    const outOfRange = [
      '8640000000000000', // the largest time a JS Date holds: year 275760
      '8640000000000001', // no Date at all
      '9007199254740993', // above 2^53
      '0000-01-01',
      '9999-12-31',
      '9999-12-31T23:59:59Z',
      '1969-12-31T23:59:59Z',
      '2005-12-31T23:59:59.999Z',
      '2100-01-01T00:00:00.001Z',
      '2026-02-30', // no such date (read as March 2 before)
      '2026-04-31T10:00:00Z',
    ]

    it('answer 400 naming the field, for visitors and signed-in users', async () => {
      const asked: [ApiFixture, [string, string][]][] = [
        [f, calls(f.placeIds[0]!)],
        [viewer, calls(f.placeIds[0]!)],
        [admin, [...calls(f.placeIds[0]!), ...staffCalls]],
      ]
      for (const [who, list] of asked) {
        for (const [call, field] of list) {
          for (const value of outOfRange) {
            const path = `${call}${encodeURIComponent(value)}`
            const res = await getJson<ErrorBody>(who, path)
            expect(res.status, path).toBe(400)
            expect(
              res.body.error.details?.map((d) => d.field),
              path,
            ).toEqual([field])
          }
        }
      }
    })

    it('accept both ends of the range', async () => {
      const place = f.placeIds[0]!
      for (const path of [
        `/api/thumbnail?placeId=${place}&startTime=2006-01-01`,
        `/api/thumbnail?placeId=${place}&startTime=${Date.UTC(2006, 0, 1)}`,
        '/api/platform/picks?startTime=2026-11-10&endTime=2100-01-01T00:00:00Z',
        `/api/stats/ccus?placeIds=${place}&granularity=month&startTime=2006-01-01&endTime=2100-01-01`,
        `/api/stats/ranking?placeId=${place}&startTime=2006-01-01T00:00:00.000Z`,
      ]) {
        expect((await getJson(viewer, path)).status, path).toBe(200)
      }
    })
  })

  describe('NUL characters and lone surrogates in JSON strings', () => {
    const bad = ['nul\u0000here', 'lone\uD800surrogate', 'low\uDC00first']

    it('answer 400 naming the field on every call that takes text', async () => {
      const place = f.placeIds[0]!
      const taken = await createUser(f)
      for (const text of bad) {
        const calls: [ApiFixture, 'POST' | 'PUT', string, Record<string, unknown>, string][] = [
          [f, 'POST', '/api/auth/login', { email: `a${text}@example.com`, password: 'x' }, 'body.email'],
          [f, 'POST', '/api/auth/login', { email: taken.email, password: text }, 'body.password'],
          [
            f,
            'POST',
            '/api/auth/register',
            {
              first_name: text,
              last_name: 'L',
              email: `new-${Math.random()}@example.com`,
              password: 'long enough password',
              interests: ['obby'],
              user_type: 'student',
            },
            'body.first_name',
          ],
          [f, 'POST', '/api/auth/password/request', { email: `b${text}@example.com` }, 'body.email'],
          [
            viewer,
            'PUT',
            '/api/users/me/preferences',
            { tabs: { 'tags.list': text } },
            'body.tabs.tags.list',
          ],
          [admin, 'PUT', `/api/place/${place}`, { canonical_name: text }, 'body.canonical_name'],
          [admin, 'PUT', `/api/place/${place}`, { released: text }, 'body.released'],
          [viewer, 'POST', '/api/placetag', { name: text }, 'body.name'],
          [admin, 'PUT', `/api/placetag/${f.tags[0]!.id}`, { name: text }, 'body.name'],
          [admin, 'POST', '/api/gamecredential', { placeId: place, comment: text }, 'body.comment'],
          [admin, 'PUT', `/api/gamecredential/${'0'.repeat(32)}`, { comment: text }, 'body.comment'],
        ]
        for (const [who, method, path, body, field] of calls) {
          const res = await sendJson<ErrorBody>(who, method, path, body)
          expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
          expect(res.body.error.details?.map((d) => d.field)).toContain(field)
        }
      }
    })

    it('do not tell a registered email from a new one on sign-up', async () => {
      const taken = await createUser(f)
      const answers = []
      for (const email of [taken.email, `fresh-${Math.random()}@example.com`]) {
        const res = await sendJson<ErrorBody>(f, 'POST', '/api/auth/register', {
          first_name: 'A\u0000',
          last_name: 'B',
          email,
          password: 'long enough password',
          interests: ['obby'],
          user_type: 'student',
        })
        answers.push({ status: res.status, body: res.body })
      }
      expect(answers[0]!.status).toBe(400)
      expect(answers[1]).toEqual(answers[0])
    })

    it('are refused in keys too, before any schema reads them', async () => {
      const res = await sendJson<ErrorBody>(viewer, 'PUT', '/api/users/me/preferences', {
        page_sizes: { 'a\u0000b': 10 },
      })
      expect(res.status).toBe(400)
      expect(res.body.error.details?.[0]?.field).toBe('body.page_sizes')
    })
  })

  describe('methods the server does not serve', () => {
    it('answer 405 with Allow and the error envelope, logged at info', async () => {
      const place = f.placeIds[0]!
      const cases: [string, string, string][] = [
        ['TRACE', '/api/place', 'GET, HEAD'],
        ['PROPFIND', `/api/place/${place}`, 'GET, HEAD, PUT'],
        ['PATCH', `/api/place/${place}`, 'GET, HEAD, PUT'],
        ['DELETE', '/api/platform/ccu', 'GET, HEAD'],
        ['POST', '/api/openapi.json', 'GET, HEAD'],
        // Literal paths beside /api/place/{place_id}, which takes PUT: not a place named 'list'.
        ['PUT', '/api/place/list?page=1', 'GET, HEAD'],
        ['PUT', '/api/place/lookup?ids=1', 'GET, HEAD'],
        ['PUT', '/api/place/search?q=obby', 'GET, HEAD'],
        ['PUT', '/api/place/summary', 'GET, HEAD'],
      ]
      for (const [method, path, allow] of cases) {
        logs.length = 0
        const res = await rawRequest(f.url, method, path)
        expect(res.status, `${method} ${path}`).toBe(405)
        expect(res.headers.allow, `${method} ${path}`).toBe(allow)
        expect((JSON.parse(res.body) as ErrorBody).error.code).toBe('method_not_allowed')
        expect(logs.filter((l) => l.level >= 50)).toEqual([])
        expect(logs.find((l) => l.msg === 'request')).toMatchObject({ level: 30, status: 405, method })
      }
    })

    it('answer OPTIONS with the allowed methods', async () => {
      const res = await rawRequest(f.url, 'OPTIONS', '/api/auth/login')
      expect(res.status).toBe(204)
      expect(res.headers.allow).toBe('POST')
      // A literal path is its own resource, though /api/users/{id} matches the address too.
      expect((await rawRequest(f.url, 'OPTIONS', '/api/users/me')).headers.allow).toBe('DELETE')
      expect((await rawRequest(f.url, 'OPTIONS', '/api/users/12')).headers.allow).toBe('PUT')
    })

    it('take broken percent-encoding and NUL in paths and queries as bad input', async () => {
      for (const path of [
        '/api/place/%E0%A4%A',
        '/api/place/%00',
        '/api/stats/%00?placeIds=1',
        `/api/thumbnail?placeId=${f.placeIds[0]}&startTime=%00`,
        '/api/stats/ccus?placeIds=%ED%A0%80',
      ]) {
        const res = await rawRequest(f.url, 'GET', path)
        expect(res.status, path).toBe(400)
      }
    })

    it('leave unknown paths a 404 whatever the method', async () => {
      const res = await rawRequest(f.url, 'TRACE', '/api/nothing-here')
      expect(res.status).toBe(404)
    })
  })
})
