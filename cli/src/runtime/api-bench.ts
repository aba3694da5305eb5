import { Worker } from 'node:worker_threads'
import { createApiApp, createMemoryAggregateCache, listen } from '@ludex/api'
import { type ClickHouseClient, queryRows, tables } from '@ludex/pipelines/store'
import { type Config, DEFAULT_GRANULARITY, RECENT_LIKES_CARD_DAYS } from '@ludex/schemas'
import { createRobloxClient, type PlatformModel, startSimulatorServer } from '@ludex/workers'
import type { Logger } from 'pino'
import { startAccounts } from './accounts.ts'
import { createApiDeps } from './api-deps.ts'

export interface ApiBenchCase {
  readonly name: string
  readonly path: string
}

export interface LoadFigures {
  readonly p50: number
  readonly p95: number
  readonly p99: number
  readonly requestsPerSecond: number
  readonly non2xx: number
  /**
   * The process's CPU time (all threads) per request answered: the server's and autocannon's, which run
   * in it. What a request costs whatever else the machine runs.
   */
  readonly cpuMicrosPerRequest: number
}

/**
 * Each call twice: one connection (the latency of a request, which the targets are about) and eight
 * (throughput; chDB runs one query at a time per session, so latency there is mostly queueing).
 */
export interface ApiBenchFigures {
  readonly name: string
  readonly single: LoadFigures
  readonly loaded: LoadFigures
}

export const LOADED_CONNECTIONS = 8

/** The bench's signed-in viewer and their 200-experience tag. */
const BENCH_EMAIL = 'bench@ludex.invalid'
const BENCH_TAG = 'Bench 200'

/** The bench case whose loaded throughput `ludex bench` also prints as `BENCH embed_badge_rps`. */
export const EMBED_BADGE_CASE = 'embed_badge'

const DAY_MS = 86_400_000
const YEAR_MS = 365 * DAY_MS

/** The concurrency of the read targets (issue 19.5: p95 under 100 ms at 32 connections, embedded). */
export const TARGET_CONNECTIONS = 32

/** Which page a call at TARGET_CONNECTIONS belongs to: its figure is the worst p95 of the group. */
export type TargetGroup = 'detail' | 'slim' | 'platform'

export interface TargetCase extends ApiBenchCase {
  readonly group: TargetGroup
}

export interface TargetFigures {
  readonly name: string
  readonly group: TargetGroup
  readonly loaded: LoadFigures
}

/**
 * The days the experience page's charts show on a first view: DEFAULT_GRAPH_RANGE ('month'), which
 * web/src/experience/anchor.ts draws as the last 30 days.
 */
const FIRST_VIEW_DAYS = 30

/**
 * Every call the experience page makes on its first view (no hash), as web/src/pages/experience asks
 * them: the loader's experience and prefetches (the three charts' default view, rankings, price,
 * momentum), then what its cards ask on mount (markers, genre standing, placements, recent like %,
 * the creator InfoPanel names). Times as the loader fixes them: its minute (viewNow).
 */
export function detailFirstViewCases(placeId: number, creatorId: number, now: number): TargetCase[] {
  const viewNow = Math.ceil(now / 60_000) * 60_000
  const start = new Date(viewNow - FIRST_VIEW_DAYS * DAY_MS).toISOString()
  const chart = `placeIds=${placeId}&granularity=${DEFAULT_GRANULARITY}&startTime=${start}`
  const likesStart = new Date(viewNow - RECENT_LIKES_CARD_DAYS * DAY_MS).toISOString()
  const detail = (name: string, path: string): TargetCase => ({ name, path, group: 'detail' })
  return [
    detail('detail_place', `/api/place/${placeId}`),
    detail('detail_ccus', `/api/stats/ccus?${chart}`),
    detail('detail_playtime', `/api/stats/playtime?${chart}`),
    detail('detail_likes', `/api/stats/likes?${chart}`),
    detail('detail_ranking', `/api/stats/ranking?placeId=${placeId}`),
    detail('detail_price', `/api/place/${placeId}/price`),
    detail('detail_momentum', `/api/stats/momentum?placeIds=${placeId}`),
    detail('detail_markers', `/api/place/${placeId}/markers`),
    detail('detail_standing', `/api/place/${placeId}/standing`),
    detail('detail_placements', `/api/place/${placeId}/placements`),
    detail('detail_likes_recent', `/api/stats/likes-recent?placeId=${placeId}&startTime=${likesStart}`),
    detail('detail_creator', `/api/creator/${creatorId}`),
  ]
}

/** The calls of the read targets: the detail page's first view, the slim list, the overview's platform calls. */
export function targetCases(placeId: number, creatorId: number, now: number): TargetCase[] {
  const platform = (name: string, path: string): TargetCase => ({ name, path, group: 'platform' })
  return [
    ...detailFirstViewCases(placeId, creatorId, now),
    { name: 'slim_list', path: '/api/place?slim', group: 'slim' },
    // As the overview asks them (web/src/pages/overview/queries.ts).
    platform('platform_ccu', '/api/platform/ccu?granularity=day'),
    platform('platform_genre', '/api/platform/genre?new'),
    platform('platform_picks', '/api/platform/picks'),
    platform('platform_movement_entry', '/api/platform/movement?type=top100entry'),
    platform('platform_movement_exit', '/api/platform/movement?type=top100exit'),
  ]
}

/** The worst p95 of each group (the figure a target is about: every call of the page under it). */
export function worstP95ByGroup(figures: readonly TargetFigures[]): Map<TargetGroup, number> {
  const out = new Map<TargetGroup, number>()
  for (const f of figures) out.set(f.group, Math.max(out.get(f.group) ?? 0, f.loaded.p95))
  return out
}

/**
 * The read targets' BENCH lines: each call's p50, p95, throughput and CPU per request at
 * TARGET_CONNECTIONS, then each page's worst p95 (`api_detail_p95_c32`...). `suffix` names another
 * shape of the same run (`_server`: through CLICKHOUSE_URL).
 */
export function targetBenchLines(targets: readonly TargetFigures[], suffix = ''): string[] {
  const c = `c${TARGET_CONNECTIONS}${suffix}`
  const lines: string[] = []
  for (const t of targets) {
    lines.push(`BENCH api_${t.name}_p50_${c} ${t.loaded.p50} ms`)
    lines.push(`BENCH api_${t.name}_p95_${c} ${t.loaded.p95} ms`)
    lines.push(`BENCH api_${t.name}_rps_${c} ${t.loaded.requestsPerSecond} req/s`)
    // CPU time per request (server and load generator): what a call costs whatever else runs.
    lines.push(`BENCH api_${t.name}_cpu_${c} ${t.loaded.cpuMicrosPerRequest} us/req`)
    if (t.loaded.non2xx > 0) lines.push(`BENCH api_${t.name}_non2xx_${c} ${t.loaded.non2xx} responses`)
  }
  // Each target is about every call of its page: the figure is the worst call's p95.
  for (const [group, p95] of worstP95ByGroup(targets)) lines.push(`BENCH api_${group}_p95_${c} ${p95} ms`)
  return lines
}

/**
 * The calls the issues name, built from the busiest experiences of the store, the bench's tag and a
 * word of the busiest experience's name (what a visitor searches for).
 */
export function apiBenchCases(
  placeIds: readonly number[],
  tagId: number,
  now: number,
  searchWord: string,
): ApiBenchCase[] {
  const start = new Date(now - YEAR_MS).toISOString()
  const end = new Date(now).toISOString()
  return [
    {
      name: 'stats_hourly_ccu_1y',
      path: `/api/stats/ccus?placeIds=${placeIds[0]}&granularity=hour&startTime=${start}&endTime=${end}`,
    },
    {
      name: 'stats_weekly_compare_6',
      path: `/api/stats/ccus?placeIds=${placeIds.slice(0, 6).join(',')}&granularity=week&startTime=${start}&endTime=${end}`,
    },
    {
      // A 200-experience tag's CCU average with quartiles over a year of days, through the tag in the
      // app database and the real route; reset-cache recomputes the aggregate on every request (from
      // the members' rows, which the hot reads keep per member; `--no-hot-reads`: the grouped statement).
      name: 'tag_average',
      path: `/api/stats/ccus?tagId=${tagId}&aggregation=average&includeZeros=false&withPercentiles=true&granularity=day&startTime=${start}&endTime=${end}&reset-cache=true`,
    },
    { name: 'place_slim_list', path: '/api/place?slim' },
    // The live badge a README shows (issue 21): after its first request, served from the in-process
    // cache until the slot ends, which the bench's fixed clock never reaches.
    { name: EMBED_BADGE_CASE, path: `/embed/${placeIds[0]}/badge.svg` },
    // Momentum of 200 experiences from 14 days of day rollups (placeIds: never the cached whole list),
    // and one experience's recent like % over a year of days (issue 20.3, 20.4).
    { name: 'momentum_200', path: `/api/stats/momentum?placeIds=${placeIds.slice(0, 200).join(',')}` },
    { name: 'likes_recent_1y', path: `/api/stats/likes-recent?placeId=${placeIds[0]}&startTime=${start}` },
    // The shell at any number of experiences (issue 19 point 4): a search's suggestions, and a page of
    // the list in another column's order, both from the API's in-memory index of every experience.
    { name: 'search', path: `/api/place/search?q=${encodeURIComponent(searchWord)}` },
    { name: 'list_page', path: '/api/place/list?page=2&pageSize=20&sort=total_visits&order=desc' },
  ]
}

/** A word (3 letters or more) of the busiest experience's name, as the API names it. */
async function searchWordOf(url: string, placeId: number | undefined): Promise<string> {
  const res = await fetch(`${url}/api/place/lookup?ids=${placeId}`)
  const [top] = res.ok ? ((await res.json()) as { name: string }[]) : []
  const words = (top?.name ?? '').toLowerCase().match(/[a-z]{3,}/g) ?? []
  return words[0] ?? 'obby'
}

/**
 * What a browser sends that changes the answer's cost: the read targets are asked as the web app's pages
 * ask them, compressed (Chrome's Accept-Encoding), so the server's compression is measured too.
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' } as const

/** What the load worker (load-worker.mjs) answers for one run. */
interface WorkerFigures {
  readonly answered: number
  readonly p50: number
  readonly p95: number
  readonly p99: number
  readonly requests: number
  readonly requestsPerSecond: number
  readonly non2xx: number
}

/** One autocannon run in the load worker, beside the server rather than on its event loop. */
function loadInWorker(workerData: {
  url: string
  connections: number
  duration: number
  headers: Record<string, string>
}): Promise<WorkerFigures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData })
    let answer: WorkerFigures | null = null
    worker.once('message', (figures: WorkerFigures) => {
      answer = figures
    })
    worker.once('error', reject)
    worker.once('exit', (code) =>
      answer ? resolve(answer) : reject(new Error(`the load worker exited with code ${code} and no figures`)),
    )
  })
}

async function load(
  url: string,
  connections: number,
  durationSeconds: number,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  const cpuBefore = process.cpuUsage()
  const run = await loadInWorker({ url, connections, duration: durationSeconds, headers })
  const cpu = process.cpuUsage(cpuBefore)
  // The requests still queued when the run ended are answered before the next call is measured: chDB
  // takes statements in order, so one more request answers once they are all done.
  await fetch(url, { headers }).then((r) => r.arrayBuffer())
  // No answer within the run: every latency was at least the run's length (a lower bound, not 0).
  const floorMs = run.answered === 0 ? durationSeconds * 1000 : 0
  return {
    cpuMicrosPerRequest: Math.round((cpu.user + cpu.system) / Math.max(1, run.requests)),
    p50: Math.max(floorMs, run.p50),
    p95: Math.max(floorMs, run.p95),
    p99: Math.max(floorMs, run.p99),
    requestsPerSecond: Math.round(run.requestsPerSecond),
    non2xx: run.non2xx,
  }
}

/**
 * Which calls `benchApi` measures: every one, only those of the read targets (TARGET_CONNECTIONS), or the
 * calls of these names (either kind: one figure measured again while working on it).
 */
export type ApiBenchSelection = 'all' | 'targets' | readonly string[]

/** Whether a call of this name is measured under the selection; `target` says which kind of call it is. */
export function selects(selection: ApiBenchSelection, name: string, target: boolean): boolean {
  if (selection === 'all') return true
  if (selection === 'targets') return target
  return selection.includes(name)
}

export interface ApiBenchResult {
  /** The issues' calls at one and LOADED_CONNECTIONS connections (none with selection 'targets'). */
  readonly figures: ApiBenchFigures[]
  /** The read targets' calls at TARGET_CONNECTIONS. */
  readonly targets: TargetFigures[]
}

/**
 * Serves the API over the store the benchmark filled, as a signed-in viewer (the year of data is not
 * clamped to a visitor's 30 days) who owns a 200-experience tag in the app database (PGlite in the
 * data dir, as `ludex run` has it), and measures each call with autocannon.
 */
export async function benchApi(options: {
  config: Config
  /** The filled store: the embedded one, or a ClickHouse server's (CLICKHOUSE_URL). */
  store: ClickHouseClient
  model: PlatformModel
  now: number
  logger: Logger
  durationSeconds: number
  selection?: ApiBenchSelection
  /** false: the API without its hot reads (the figure before them); default true. */
  hotReads?: boolean
}): Promise<ApiBenchResult> {
  const { config, store: client, model, now, logger } = options
  const rows = await queryRows<{ place_id: number }>(client, {
    what: 'bench places',
    query: `SELECT place_id FROM ${tables.placeLatest} FINAL ORDER BY playing DESC, place_id LIMIT 200`,
    int64: ['place_id'],
  })
  const placeIds = rows.map((r) => r.place_id)
  const clock = { now: () => now }
  // The load comes from one address: the public API's per-address budget would answer 429s instead.
  const accounts = await startAccounts(
    { ...config, RATE_LIMIT_API: Number.MAX_SAFE_INTEGER },
    logger,
    clock.now,
  )
  const simulator = await startSimulatorServer({ model, clock: clock.now, faultRate: 0, logger })
  try {
    const store = accounts.accounts.store
    // A kept data dir (`ludex bench --data-dir`) has them from its first run.
    const owner =
      (await store.users.findByEmail(BENCH_EMAIL)) ??
      (await store.users.create({
        email: BENCH_EMAIL,
        passwordHash: null,
        firstName: 'Bench',
        lastName: 'Owner',
        emailVerified: true,
        analyticsId: 'bench',
        createdAt: new Date(now),
      }))
    const reader = { userId: owner.id, seesEveryUsersTags: false }
    const tag =
      (await store.tags.list(reader)).find((t) => t.name === BENCH_TAG) ??
      (await store.tags.create({ name: BENCH_TAG, global: false, ownerId: owner.id }, new Date(now)))
    await store.tags.update(tag.id, { placeIds }, new Date(now))
    const roblox = createRobloxClient({
      baseTemplate: simulator.baseTemplate,
      userAgent: 'ludex-bench',
      hostIntervalMs: 0,
      timeoutMs: 10_000,
      maxRetries: 2,
      logger,
    })
    const app = createApiApp({
      logger,
      readiness: async () => ({}),
      viewer: async () => ({ kind: 'user', userId: owner.id, role: 'viewer', permissions: [] }),
      deps: createApiDeps({
        clickhouse: client,
        roblox,
        cache: createMemoryAggregateCache(clock.now),
        clock,
        logger,
        accounts: accounts.accounts,
        hotReads: options.hotReads ?? true,
      }),
    })
    const server = await listen(app, '127.0.0.1', 0)
    try {
      const figures: ApiBenchFigures[] = []
      const selection = options.selection ?? 'all'
      const cases = apiBenchCases(placeIds, tag.id, now, await searchWordOf(server.url, placeIds[0]))
      for (const c of cases.filter((c) => selects(selection, c.name, false))) {
        figures.push({
          name: c.name,
          single: await load(`${server.url}${c.path}`, 1, options.durationSeconds),
          loaded: await load(`${server.url}${c.path}`, LOADED_CONNECTIONS, options.durationSeconds),
        })
      }
      // The busiest experience's page: the one most read.
      const targets: TargetFigures[] = []
      const top = (await (await fetch(`${server.url}/api/place/${placeIds[0]}`)).json()) as {
        creator_id: number
      }
      for (const c of targetCases(placeIds[0] ?? 0, top.creator_id, now)) {
        if (!selects(selection, c.name, true)) continue
        targets.push({
          name: c.name,
          group: c.group,
          loaded: await load(
            `${server.url}${c.path}`,
            TARGET_CONNECTIONS,
            options.durationSeconds,
            BROWSER_HEADERS,
          ),
        })
      }
      return { figures, targets }
    } finally {
      await server.close()
    }
  } finally {
    await simulator.close()
    await accounts.close()
  }
}
