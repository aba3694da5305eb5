import { dateTimeParam, isoFromClickHouse, readRows, type StoreReader, tables } from '@ludex/pipelines/store'
import { type ErrorGroups, periodStartSql, TOP_PAGES_MAX } from '@ludex/schemas'

export interface VisitorCounts {
  /** Page views per day start (epoch ms), days without views absent. */
  readonly perDay: ReadonlyMap<number, number>
  readonly topPages: readonly { path: string; page_views: number }[]
  readonly signUps: number
}

/**
 * Page views per day (the product's days, from 01:00 UTC: periodStartSql) in [fromMs, untilMs), the
 * most viewed paths (their query left out) and the sign-ups in the same range. FINAL: a redelivered
 * event counts once.
 */
export async function visitorCounts(
  store: StoreReader,
  fromMs: number,
  untilMs: number,
): Promise<VisitorCounts> {
  const params = { from: dateTimeParam(fromMs), until: dateTimeParam(untilMs) }
  const range = "at >= {from:DateTime('UTC')} AND at < {until:DateTime('UTC')}"
  const [days, pages, signUps] = await Promise.all([
    readRows<{ day: string; views: number }>(store, {
      what: 'page views per day',
      query: `SELECT toString(${periodStartSql('day', 'at')}) AS day, count() AS views
        FROM ${tables.siteEvents} FINAL
        WHERE event = 'page_view' AND ${range}
        GROUP BY day ORDER BY day`,
      params,
      int64: ['views'],
    }),
    readRows<{ page: string; views: number }>(store, {
      what: 'top pages',
      query: `SELECT splitByChar('?', path)[1] AS page, count() AS views
        FROM ${tables.siteEvents} FINAL
        WHERE event = 'page_view' AND ${range}
        GROUP BY page ORDER BY views DESC, page LIMIT {limit:UInt32}`,
      params: { ...params, limit: TOP_PAGES_MAX },
      int64: ['views'],
    }),
    readRows<{ n: number }>(store, {
      what: 'sign-ups',
      query: `SELECT count() AS n FROM ${tables.siteEvents} FINAL WHERE event = 'registered' AND ${range}`,
      params,
      int64: ['n'],
    }),
  ])
  return {
    perDay: new Map(days.map((r) => [Date.parse(isoFromClickHouse(r.day)), r.views])),
    topPages: pages.map((r) => ({ path: r.page, page_views: r.views })),
    signUps: signUps[0]?.n ?? 0,
  }
}

/**
 * The latest browser error reports since `fromMs`, one group per error name and message, most recently
 * seen first, at most `limit`: how often, when first and last, from which releases (newest first),
 * and the newest report's stack and page.
 */
export async function errorGroups(store: StoreReader, fromMs: number, limit: number): Promise<ErrorGroups> {
  const rows = await readRows<{
    name: string
    message: string
    n: number
    first_seen: string
    last_seen: string
    releases: string[]
    stack: string
    path: string
  }>(store, {
    what: 'error groups',
    // Per release first, so a group's release list is one entry per release whatever its size.
    query: `SELECT name, message, sum(reports) AS n,
        toString(min(first)) AS first_seen, toString(max(last)) AS last_seen,
        arrayMap(x -> x.2, arrayReverseSort(x -> x.1, groupArray((last, release)))) AS releases,
        argMax(newest_stack, last) AS stack, argMax(newest_path, last) AS path
      FROM (
        SELECT name, message, release, count() AS reports, min(at) AS first, max(at) AS last,
          argMax(stack, at) AS newest_stack, argMax(path, at) AS newest_path
        FROM ${tables.errorReports} FINAL
        WHERE at >= {from:DateTime('UTC')}
        GROUP BY name, message, release
      )
      GROUP BY name, message
      ORDER BY max(last) DESC, n DESC
      LIMIT {limit:UInt32}`,
    params: { from: dateTimeParam(fromMs), limit },
    int64: ['n'],
  })
  return rows.map((r) => ({
    name: r.name,
    message: r.message,
    count: r.n,
    first_seen: isoFromClickHouse(r.first_seen),
    last_seen: isoFromClickHouse(r.last_seen),
    releases: r.releases,
    stack: r.stack,
    path: r.path,
  }))
}
