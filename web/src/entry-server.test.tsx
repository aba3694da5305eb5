// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Experience, experience, type RenderResult } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { render } from './entry-server.tsx'

// The server build puts transport.server.ts wherever the app imports transport.ts (vite.config.ts); the
// same swap here, so the render reaches the API over loopback exactly as in the API process.
vi.mock('./api/transport.ts', () => import('./api/transport.server.ts'))

/** Two experiences, each with its own name: a page's head must carry its own. */
const PLACES = { first: 1_818, second: 2_929 } as const
const nameOf = (placeId: number) => `Experience ${placeId}`

function experienceOf(placeId: number): Experience {
  return experience.parse({
    universe_id: placeId + 1,
    place_id: placeId,
    name: nameOf(placeId),
    updated: '2026-01-02T03:04:05.000Z',
    created: '2020-01-02T03:04:05.000Z',
    released: '2020-01-02T03:04:05.000Z',
    canonical_name: nameOf(placeId),
    thumbnails: { icon: null, banner: null },
    players_online: 12,
    total_visits: 3_400,
    like_percentage: 0.9,
    age_limit: null,
    play_status: 1,
    restricted_since: null,
    creator_id: 7,
    genre_l1: 'RPG',
    genre_l2: 'Open World',
    genre: 'action_rpgs_and_mmos',
    daily_pick_dates: [],
    price: 0,
    average_playtime: 60,
    favorites: 5,
    rank: 1,
    tags: [],
  })
}

/** The gate of the lookups' answers. */
const LOOKUP_GATE = 0

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) })
const unavailable = () => json(503, { error: { code: 'unavailable', message: 'down' } })

/**
 * Stands in for the read API on loopback: a visitor's session (no user), the experience each page asks
 * for (held back while the test keeps its gate shut), and 503 for everything else, the shell's data
 * included, so the render meets the failure that used to schedule a reload.
 */
async function startApi(gates: Map<number, Promise<void>>): Promise<{ origin: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://api').pathname
    const placeId = Number(/^\/api\/place\/(\d+)$/.exec(path)?.[1])
    let answer = unavailable()
    if (path === '/api/auth/session') answer = json(200, { user: null })
    // The overview's Top 100 entries name one experience, whose name its lookup answers (gated too).
    else if (path === '/api/platform/movement') {
      answer = json(200, [{ place_id: PLACES.first, rank: 1, gain: null, old_rank: null }])
    } else if (path === '/api/place/lookup') {
      await gates.get(LOOKUP_GATE)
      // A full experience holds every field of a looked-up one (its rank among them).
      answer = json(200, [experienceOf(PLACES.first)])
    } else if (placeId) {
      await gates.get(placeId)
      answer = json(200, experienceOf(placeId))
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

/**
 * Counts the timers and intervals the code under test leaves behind. Node's own fetch keeps a clock of
 * its own (created inside node:internal), which is not the render's and is left out.
 */
function countTimers() {
  const pending = new Map<ReturnType<typeof setTimeout>, string>()
  const real = {
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
  }
  const ours = () => !/\(node:internal\//.test(new Error().stack?.split('\n')[3] ?? '')
  const wrap = (kind: 'setTimeout' | 'setInterval') =>
    ((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const timer = real[kind](
        (...a: unknown[]) => {
          if (kind === 'setTimeout') pending.delete(timer)
          fn(...a)
        },
        ms,
        ...args,
      )
      if (ours()) pending.set(timer, `${kind}(${ms ?? 0} ms)`)
      return timer
    }) as typeof setTimeout
  const unwrap = (kind: 'clearTimeout' | 'clearInterval') => (timer?: ReturnType<typeof setTimeout>) => {
    if (timer) pending.delete(timer)
    real[kind](timer)
  }
  Object.assign(globalThis, {
    setTimeout: wrap('setTimeout'),
    setInterval: wrap('setInterval'),
    clearTimeout: unwrap('clearTimeout'),
    clearInterval: unwrap('clearInterval'),
  })
  return {
    /** Timers still pending once every timer already due (zero-delay batching, say) has run. */
    async leftOver(): Promise<string[]> {
      // A timer made now fires after every earlier one that is due by then.
      await new Promise((resolve) => real.setTimeout(resolve, 0))
      return [...pending.values()]
    },
    restore: () => Object.assign(globalThis, real),
  }
}

const pageOf = (result: RenderResult) => {
  if (result.kind !== 'page') throw new Error(`expected a rendered page, got ${JSON.stringify(result)}`)
  return result
}

describe('server-side render', () => {
  const gates = new Map<number, Promise<void>>()
  let api: { origin: string; server: Server }
  beforeAll(async () => {
    api = await startApi(gates)
  })
  afterAll(() => new Promise<void>((resolve) => api.server.close(() => resolve())))

  const renderPlace = (placeId: number) =>
    render({
      url: `http://localhost/experiences/${placeId}`,
      apiOrigin: api.origin,
      cookie: undefined,
      dataBudgetMs: 1_000,
    })

  it('leaves no timer behind, though the shell data failed (the browser retries it, not the server)', async () => {
    const timers = countTimers()
    try {
      const page = pageOf(await renderPlace(PLACES.first))
      expect(page.html).toContain(nameOf(PLACES.first))
      expect(await timers.leftOver()).toEqual([])
    } finally {
      timers.restore()
    }
  })

  it('waits within its budget for what the answers start: the names of the Top 100 lists', async () => {
    const page = pageOf(
      await render({
        url: 'http://localhost/overview',
        apiOrigin: api.origin,
        cookie: undefined,
        dataBudgetMs: 1_000,
      }),
    )
    // The movement answered, then its experience was looked up, both inside the budget.
    expect(page.html).toContain(nameOf(PLACES.first))
  })

  it('ends at its budget with a lookup still on its way, and its cancellation is no unhandled rejection', async () => {
    let release = () => {}
    gates.set(
      LOOKUP_GATE,
      new Promise<void>((resolve) => {
        release = resolve
      }),
    )
    const unhandled: unknown[] = []
    const record = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', record)
    try {
      const page = pageOf(
        await render({
          url: 'http://localhost/overview',
          apiOrigin: api.origin,
          cookie: undefined,
          dataBudgetMs: 300,
        }),
      )
      expect(page.html).not.toContain(nameOf(PLACES.first))
      release()
      // Any rejection left unhandled is reported once the tasks now due have run.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', record)
      release()
      gates.delete(LOOKUP_GATE)
    }
  })

  it('gives two renders running at once each its own page metadata', async () => {
    // The first render's experience is held until the second render has finished: the two overlap,
    // and the first finishes last.
    let release = () => {}
    gates.set(
      PLACES.first,
      new Promise<void>((resolve) => {
        release = resolve
      }),
    )
    try {
      const first = renderPlace(PLACES.first)
      const second = pageOf(await renderPlace(PLACES.second))
      release()
      const firstPage = pageOf(await first)
      expect(second.head?.title).toBe(`${nameOf(PLACES.second)} | Ludex`)
      expect(firstPage.head?.title).toBe(`${nameOf(PLACES.first)} | Ludex`)
      expect(firstPage.head?.description).toContain(nameOf(PLACES.first))
      expect(firstPage.html).not.toContain(nameOf(PLACES.second))
    } finally {
      release()
      gates.delete(PLACES.first)
    }
  })
})
