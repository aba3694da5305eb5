import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { createRobloxClient, type RobloxClientOptions } from './client.ts'
import { RobloxHttpError, RobloxNetworkError, UpstreamShapeError } from './errors.ts'
import { parseRetryAfter } from './http.ts'
import { DEFAULT_THUMBNAIL_HASH, thumbnailHashOf } from './thumbnail-hash.ts'

interface Reply {
  status?: number
  headers?: Record<string, string>
  body?: unknown
  delayMs?: number
}
interface Seen {
  method: string
  url: URL
  at: number
  body: string
}
type Script = (req: IncomingMessage, url: URL, n: number) => Reply

/** A scripted upstream on loopback: every request is recorded with its arrival time. */
async function scriptedServer(script: Script) {
  const seen: Seen[] = []
  const server: Server = createServer((req, res) => {
    const at = performance.now()
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      seen.push({ method: req.method ?? 'GET', url, at, body })
      const reply = script(req, url, seen.length)
      const send = () => {
        if (res.destroyed) return
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers })
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body))
      }
      if (reply.delayMs) setTimeout(send, reply.delayMs)
      else send()
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  servers.push(server)
  return { seen, baseTemplate: `http://127.0.0.1:${port}/{service}` }
}

const servers: Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    s.close()
  }
})

const logger = pino({ level: 'silent' })

/** A virtual clock whose sleep records the wait and advances time instantly. */
function virtualTime() {
  const sleeps: number[] = []
  let t = 1_000_000
  return {
    sleeps,
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms)
      t += ms
    },
  }
}

function clientFor(baseTemplate: string, extra: Partial<RobloxClientOptions> = {}) {
  return createRobloxClient({
    baseTemplate,
    userAgent: 'ludex-test',
    hostIntervalMs: 0,
    timeoutMs: 2_000,
    maxRetries: 3,
    logger,
    random: () => 0.5,
    ...extra,
  })
}

const game = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  rootPlaceId: id * 10,
  name: `Game ${id}`,
  description: null,
  creator: { id: 7, name: 'Builder', type: 'User', isRNVAccount: false, hasVerifiedBadge: true },
  price: null,
  playing: id * 3,
  visits: id * 1000,
  favoritedCount: id,
  maxPlayers: 20,
  created: '2020-01-01T00:00:00.1Z',
  updated: '2024-05-06T07:08:09.123456Z',
  universeAvatarType: 'MorphToR15',
  genre: 'All',
  ...extra,
})

const idsOf = (url: URL) => (url.searchParams.get('universeIds') ?? '').split(',').map(Number)

describe('roblox client against a scripted upstream', () => {
  it('waits for retry-after on 429, then succeeds and slows the host down', async () => {
    const { seen, baseTemplate } = await scriptedServer((_req, url, n) =>
      n === 1
        ? {
            status: 429,
            headers: { 'retry-after': '3' },
            body: { errors: [{ code: 4, message: 'Too many' }] },
          }
        : { body: { data: idsOf(url).map((id) => game(id)) } },
    )
    const time = virtualTime()
    const client = clientFor(baseTemplate, { now: time.now, sleep: time.sleep, hostIntervalMs: 100 })
    const games = await client.getGames([1, 2])
    expect(games.map((g) => g.id)).toEqual([1, 2])
    expect(seen).toHaveLength(2)
    // The retry waited the 3 s the server asked for, not the 500 ms backoff.
    expect(time.sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3000)
    expect(time.sleeps).toContain(3000)
    // Next request to the same host is spaced wider than the configured 100 ms.
    const before = time.sleeps.length
    await client.getGames([3])
    await client.getGames([4])
    const spacing = time.sleeps.slice(before).reduce((a, b) => a + b, 0)
    expect(spacing).toBeGreaterThan(150)
  })

  it('honours an HTTP-date retry-after and treats retry-after 0 as exponential backoff', async () => {
    const time = virtualTime()
    const date = new Date(time.now() + 7000).toUTCString()
    const { seen, baseTemplate } = await scriptedServer((_req, url, n) => {
      if (n === 1) return { status: 429, headers: { 'retry-after': date } }
      if (n === 2) return { status: 429, headers: { 'retry-after': '0' } }
      return { body: { data: idsOf(url).map((id) => ({ id, upVotes: 5, downVotes: 1 })) } }
    })
    const client = clientFor(baseTemplate, { now: time.now, sleep: time.sleep, backoffBaseMs: 400 })
    const votes = await client.getVotes([9])
    expect(votes).toEqual([{ id: 9, upVotes: 5, downVotes: 1 }])
    expect(seen).toHaveLength(3)
    // HTTP dates have 1 s resolution.
    expect(time.sleeps[0]).toBeGreaterThan(6000)
    expect(time.sleeps[0]).toBeLessThanOrEqual(7000)
    // Second attempt (attempt index 1): 400 * 2 = 800 ms step, jitter 0.5 + 0.5*0.5 = 0.75.
    expect(time.sleeps[1]).toBe(600)
  })

  it('retries 5xx with growing backoff, then succeeds', async () => {
    const { seen, baseTemplate } = await scriptedServer((_req, url, n) =>
      n <= 2 ? { status: n === 1 ? 503 : 500 } : { body: { data: idsOf(url).map((id) => game(id)) } },
    )
    const time = virtualTime()
    const client = clientFor(baseTemplate, { now: time.now, sleep: time.sleep, backoffBaseMs: 100 })
    const games = await client.getGames([5])
    expect(games[0]?.playing).toBe(15)
    expect(seen).toHaveLength(3)
    expect(time.sleeps).toHaveLength(2)
    expect(time.sleeps[1]).toBeGreaterThan(time.sleeps[0] ?? Number.POSITIVE_INFINITY)
  })

  it('gives up after maxRetries with a typed error carrying status and upstream code', async () => {
    const { seen, baseTemplate } = await scriptedServer(() => ({
      status: 503,
      body: { errors: [{ code: 0, message: 'Service unavailable' }] },
    }))
    const time = virtualTime()
    const client = clientFor(baseTemplate, { now: time.now, sleep: time.sleep, maxRetries: 2 })
    const err = await client.getGames([1]).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RobloxHttpError)
    const httpErr = err as RobloxHttpError
    expect(httpErr.status).toBe(503)
    expect(httpErr.code).toBe(0)
    expect(httpErr.upstreamMessage).toBe('Service unavailable')
    expect(httpErr.attempts).toBe(3)
    expect(seen).toHaveLength(3)
  })

  it('does not retry a 4xx other than 429', async () => {
    const { seen, baseTemplate } = await scriptedServer(() => ({
      status: 400,
      body: {
        errors: [{ code: 9, message: 'Too many universe ids', userFacingMessage: 'Something went wrong' }],
      },
    }))
    const client = clientFor(baseTemplate)
    const err = (await client.getVotes([1]).catch((e: unknown) => e)) as RobloxHttpError
    expect(err).toBeInstanceOf(RobloxHttpError)
    expect([err.status, err.code, err.upstreamMessage, err.attempts]).toEqual([
      400,
      9,
      'Too many universe ids',
      1,
    ])
    expect(seen).toHaveLength(1)
  })

  it('times out a slow response, retries, and reports a timeout when every attempt is slow', async () => {
    const { seen, baseTemplate } = await scriptedServer(() => ({ delayMs: 400, body: { data: [] } }))
    const client = clientFor(baseTemplate, { timeoutMs: 80, maxRetries: 1, backoffBaseMs: 1 })
    const started = performance.now()
    const err = (await client.getGames([1]).catch((e: unknown) => e)) as RobloxNetworkError
    expect(err).toBeInstanceOf(RobloxNetworkError)
    expect(err.timedOut).toBe(true)
    expect(err.attempts).toBe(2)
    expect(performance.now() - started).toBeLessThan(380)
    // Each attempt reached the server (its request had arrived long before the 80 ms timeout).
    expect(seen).toHaveLength(2)
  })

  it('recovers when only the first attempt times out', async () => {
    const { seen, baseTemplate } = await scriptedServer((_req, url, n) => ({
      delayMs: n === 1 ? 400 : 0,
      body: { data: idsOf(url).map((id) => game(id)) },
    }))
    const client = clientFor(baseTemplate, { timeoutMs: 80, maxRetries: 2, backoffBaseMs: 1 })
    expect((await client.getGames([2])).map((g) => g.id)).toEqual([2])
    expect(seen.length).toBeGreaterThanOrEqual(2)
  })

  it('paces requests per host with jitter while different hosts proceed in parallel', async () => {
    const { seen, baseTemplate } = await scriptedServer((_req, url) =>
      url.pathname.startsWith('/games')
        ? { body: { data: idsOf(url).map((id) => game(id)) } }
        : { body: { data: idsOf(url).map((id) => ({ targetId: id, state: 'Blocked', imageUrl: null })) } },
    )
    const interval = 60
    let r = 0
    const randoms = [0, 1, 0.5, 0.2, 0.9, 0.1, 0.7, 0.3]
    // When the client lets each request out, measured at the fetch call.
    const sent: Array<{ path: string; at: number }> = []
    const timedFetch: typeof fetch = (input, init) => {
      sent.push({ path: new URL(String(input)).pathname, at: performance.now() })
      return fetch(input, init)
    }
    const client = clientFor(baseTemplate, {
      hostIntervalMs: interval,
      random: () => randoms[r++ % randoms.length] ?? 0.5,
      fetch: timedFetch,
    })
    await Promise.all([
      ...[1, 2, 3, 4, 5].map((id) => client.getGames([id])),
      ...[1, 2, 3, 4, 5].map((id) => client.getGameIcons([id])),
    ])
    expect(seen).toHaveLength(10)
    const gamesAt = sent.filter((s) => s.path.startsWith('/games')).map((s) => s.at)
    const thumbsAt = sent.filter((s) => s.path.startsWith('/thumbnails')).map((s) => s.at)
    expect(gamesAt).toHaveLength(5)
    expect(thumbsAt).toHaveLength(5)
    const gaps = (ts: number[]) => ts.slice(1).map((t, i) => t - (ts[i] ?? 0))
    // ±25% jitter around 60 ms: never closer than 45 ms, less a few ms between release and the fetch call.
    for (const gap of [...gaps(gamesAt), ...gaps(thumbsAt)])
      expect(gap).toBeGreaterThanOrEqual(interval * 0.75 - 8)
    // Jitter actually varies the spacing.
    const g = gaps(gamesAt)
    expect(Math.max(...g) - Math.min(...g)).toBeGreaterThan(10)
    // The two hosts overlap in time instead of queueing behind each other.
    expect(Math.min(...thumbsAt)).toBeLessThan(gamesAt[1] ?? 0)
  })

  /** Games and votes for up to `max` ids a call; more is refused as upstream does (400 code 9). */
  const gamesHostTaking = (max: number) => (_req: unknown, url: URL) => {
    const ids = idsOf(url)
    if (ids.length > max) return { status: 400, body: { errors: [{ code: 9, message: 'Too many ids' }] } }
    return url.pathname.endsWith('/votes')
      ? { body: { data: ids.map((id) => ({ id, upVotes: id, downVotes: 0 })) } }
      : { body: { data: ids.map((id) => game(id)) } }
  }

  it('chunks game and vote batches at 100 ids and merges the answers', async () => {
    const { seen, baseTemplate } = await scriptedServer(gamesHostTaking(100))
    const client = clientFor(baseTemplate)
    const ids = Array.from({ length: 230 }, (_, i) => i + 1)
    const games = await client.getGames([...ids, 1, 2])
    expect(games.map((g) => g.id).sort((a, b) => a - b)).toEqual(ids)
    const sizes = seen.map((s) => idsOf(s.url).length).sort((a, b) => b - a)
    expect(sizes).toEqual([100, 100, 30])
    const votes = await client.getVotes(ids)
    expect(votes).toHaveLength(230)
    expect(
      seen
        .slice(3)
        .map((s) => idsOf(s.url).length)
        .sort((a, b) => b - a),
    ).toEqual([100, 100, 30])
  })

  it('falls back to the documented 50 ids when upstream refuses 100 as too many (400 code 9), and stays there', async () => {
    const { seen, baseTemplate } = await scriptedServer(gamesHostTaking(50))
    const client = clientFor(baseTemplate)
    const ids = Array.from({ length: 120 }, (_, i) => i + 1)
    const answer = await client.getGamesAnswer(ids)
    expect(answer.games.map((g) => g.id).sort((a, b) => a - b)).toEqual(ids)
    // The first 100-id call was refused (one request), its ids asked again at 50; the 20 went through.
    const first = seen.map((s) => idsOf(s.url).length)
    expect(first.filter((n) => n === 100)).toHaveLength(1)
    expect(first.filter((n) => n > 100)).toHaveLength(0)
    // Later calls start at 50: nothing more is refused.
    seen.length = 0
    expect(await client.getVotes(ids)).toHaveLength(120)
    expect(seen.map((s) => idsOf(s.url).length).sort((a, b) => b - a)).toEqual([50, 50, 20])
  })

  it('does not split a refused batch already at the documented size', async () => {
    const { seen, baseTemplate } = await scriptedServer(() => ({
      status: 400,
      body: { errors: [{ code: 9, message: 'Too many ids' }] },
    }))
    const client = clientFor(baseTemplate)
    const err = (await client.getGames([1, 2, 3]).catch((e: unknown) => e)) as RobloxHttpError
    expect([err.status, err.code]).toEqual([400, 9])
    expect(seen).toHaveLength(1)
  })

  it('tolerates extra and missing optional fields but fails loudly on a missing required one', async () => {
    let body: unknown
    const { baseTemplate } = await scriptedServer(() => ({ body }))
    const client = clientFor(baseTemplate)
    body = { data: [game(1, { universeAvatarType: 3, genre_l1: 'RPG', somethingNew: { x: 1 } })] }
    const [g] = await client.getGames([1])
    expect(g?.genre_l1).toBe('RPG')
    expect(g?.universeAvatarType).toBe(3)
    body = { data: [game(1, { playing: undefined })] }
    const err = (await client.getGames([1]).catch((e: unknown) => e)) as UpstreamShapeError
    expect(err).toBeInstanceOf(UpstreamShapeError)
    expect(err.issues).toContain('data.0.playing')
  })

  it('re-polls Pending thumbnails about 0.5 s later, at most twice', async () => {
    const { seen, baseTemplate } = await scriptedServer((_req, url, n) => ({
      body: {
        data: idsOf(url).map((id) =>
          id === 2 && n < 3
            ? { targetId: id, state: 'Pending', imageUrl: null, version: 'x' }
            : {
                targetId: id,
                state: 'Completed',
                imageUrl: `https://tr.rbxcdn.com/180DAY-h${id}n${n}/512/512/Image/Png/noFilter`,
              },
        ),
      },
    }))
    const time = virtualTime()
    const client = clientFor(baseTemplate, { now: time.now, sleep: time.sleep })
    const icons = await client.getGameIcons([1, 2])
    expect(seen).toHaveLength(3)
    expect(idsOf(seen[1]?.url ?? new URL('http://x'))).toEqual([2])
    expect(time.sleeps).toEqual([500, 500])
    expect(thumbnailHashOf(icons.get(1) ?? { state: 'x' })).toBe('h1n1')
    expect(thumbnailHashOf(icons.get(2) ?? { state: 'x' })).toBe('h2n3')
  })

  it('falls back to charts-api on 404, follows page tokens and skips filter sorts', async () => {
    const sort = (sortId: string) => ({
      sortId,
      sortDisplayName: sortId,
      contentType: 'Games',
      treatmentType: 'Carousel',
      gameSetTypeId: 1,
      games: [{ universeId: 1, rootPlaceId: 10, name: 'G', playerCount: 5, isSponsored: false }],
    })
    const { seen, baseTemplate } = await scriptedServer((_req, url) => {
      if (url.pathname.includes('explore-api'))
        return { status: 404, body: { errors: [{ code: 0, message: 'NotFound' }] } }
      if (!url.searchParams.get('sessionId')) return { status: 400 }
      if (url.pathname.endsWith('get-sort-content'))
        return { body: sort(url.searchParams.get('sortId') ?? '') }
      return url.searchParams.get('sortsPageToken') === 'p2'
        ? { body: { sorts: [sort('top-rated')], nextSortsPageToken: null } }
        : {
            body: {
              sorts: [sort('top-trending'), { sortId: 'filters_v5', contentType: 'Filters', filters: [] }],
              nextSortsPageToken: 'p2',
            },
          }
    })
    const client = clientFor(baseTemplate)
    const sorts = await client.getSorts()
    expect(sorts.map((s) => s.sortId)).toEqual(['top-trending', 'top-rated'])
    expect(seen.map((s) => s.url.pathname)).toEqual([
      '/apis/explore-api/v1/get-sorts',
      '/apis/charts-api/v1/get-sorts',
      '/apis/charts-api/v1/get-sorts',
    ])
    // Once switched, stays switched.
    expect((await client.getSortContent('top-rated')).games[0]?.universeId).toBe(1)
    expect(seen.at(-1)?.url.pathname).toBe('/apis/charts-api/v1/get-sort-content')
  })

  it('accounts for every universe of a games answer, asking one by one where censored items are ambiguous', async () => {
    // 2 and 3 are restricted, 4 is deleted outright: one censored item for three universes left out.
    const censored = { id: 0, rootPlaceId: 0, name: '[TITLE UNAVAILABLE]', isContentRestricted: true }
    const { seen, baseTemplate } = await scriptedServer((_req, url) => {
      const ids = idsOf(url)
      if (ids.length === 1) return { body: { data: ids[0] === 4 ? [] : [censored] } }
      return { body: { data: [game(1, { created: '2020-01-01T00:00:00.1234567-05:00' }), censored] } }
    })
    const answer = await clientFor(baseTemplate).getGamesAnswer([1, 2, 3, 4])
    expect(answer.games.map((g) => g.id)).toEqual([1])
    expect(answer.games[0]?.created).toBe(Date.UTC(2020, 0, 1, 5, 0, 0, 123))
    expect(answer.restricted.sort()).toEqual([2, 3])
    expect(answer.missing).toEqual([4])
    expect(seen.map((r) => r.url.searchParams.get('universeIds'))).toEqual(['1,2,3,4', '2', '3', '4'])
    // The plain call leaves censored items out.
    expect((await clientFor(baseTemplate).getGames([1, 2])).map((g) => g.id)).toEqual([1])
  })

  it('reads every error envelope into the typed error', async () => {
    const bodies = [
      { errors: [{ code: 9002, subcode: 0, message: 'Unauthorized' }] },
      { errors: [{ code: 1, message: 'The universe does not exist.', field: 'universeId' }] },
      '<html>Bad request</html>',
    ]
    const { baseTemplate } = await scriptedServer((_req, _url, n) => ({ status: 400, body: bodies[n - 1] }))
    const client = clientFor(baseTemplate)
    const errors = []
    for (let k = 0; k < bodies.length; k++) errors.push(await client.getVotes([1]).catch((e: unknown) => e))
    expect(errors.every((e) => e instanceof RobloxHttpError)).toBe(true)
    const [subcode, field, html] = errors as RobloxHttpError[]
    expect(subcode).toMatchObject({
      status: 400,
      code: 9002,
      subcode: 0,
      upstreamMessage: 'Unauthorized',
      field: null,
    })
    expect(field).toMatchObject({
      code: 1,
      upstreamMessage: 'The universe does not exist.',
      field: 'universeId',
    })
    expect(field?.message).toContain('[field universeId]')
    expect(html).toMatchObject({ status: 400, code: null, subcode: null, upstreamMessage: null, field: null })
  })

  it('caches place → universe permanently and sends the cookie only where needed', async () => {
    const { seen, baseTemplate } = await scriptedServer((req, url) => {
      if (url.pathname.includes('/universes/v1/places/')) return { body: { universeId: 42 } }
      if (!req.headers.cookie?.includes('.ROBLOSECURITY=secret')) return { status: 401 }
      return {
        body: [{ placeId: 420, name: 'P', universeId: 42, reasonProhibited: 'None', isPlayable: true }],
      }
    })
    const cache = new Map<number, number>()
    const client = clientFor(baseTemplate, { cookie: 'secret', universeCache: cache })
    expect(await client.getUniverseIdForPlace(420)).toBe(42)
    expect(await client.getUniverseIdForPlace(420)).toBe(42)
    expect(seen).toHaveLength(1)
    expect(cache.get(420)).toBe(42)
    const details = await client.getPlaceDetails([420])
    expect(details[0]?.reasonProhibited).toBe('None')
    const noCookie = clientFor(baseTemplate)
    await expect(noCookie.getPlaceDetails([420])).rejects.toThrow(/cookie/)
  })
})

describe('thumbnail hash and retry-after parsing', () => {
  it('extracts the hash from a CDN URL and maps missing images to default', () => {
    expect(
      thumbnailHashOf({
        state: 'Completed',
        imageUrl: 'https://tr.rbxcdn.com/180DAY-3f9a0c/512/512/Image/Png/noFilter',
      }),
    ).toBe('3f9a0c')
    expect(thumbnailHashOf({ state: 'Completed', imageUrl: 'https://t0.rbxcdn.com/abc123def' })).toBe(
      'abc123def',
    )
    expect(thumbnailHashOf({ state: 'Completed', imageUrl: null })).toBe(DEFAULT_THUMBNAIL_HASH)
    expect(thumbnailHashOf({ state: 'Blocked', imageUrl: 'https://tr.rbxcdn.com/180DAY-x/1/1' })).toBe(
      'default',
    )
  })

  it('parses delta-seconds and HTTP dates, and ignores 0', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('2', now)).toBe(2000)
    expect(parseRetryAfter('0', now)).toBeNull()
    expect(parseRetryAfter(null, now)).toBeNull()
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000)
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:05 GMT', now)).toBeNull()
    expect(parseRetryAfter('soon', now)).toBeNull()
  })
})
