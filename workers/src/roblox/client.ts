import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { chunk, uniqueIds } from './chunk.ts'
import { RobloxCookieRequiredError, RobloxHttpError, UpstreamShapeError } from './errors.ts'
import { accountForGames, type GamesAnswer } from './games-answer.ts'
import { createHttpCaller, type HttpCaller } from './http.ts'
import { abortableSleep, createHostPacer, type HostPacer } from './pacing.ts'
import { ageRecommendationResponse } from './shapes/age.ts'
import { type Badge, badgesPage } from './shapes/badges.ts'
import { type GroupSummary, groupsResponse, type UserSummary, usersResponse } from './shapes/creators.ts'
import {
  type Game,
  gamesResponse,
  isCensoredGame,
  type PlaceDetails,
  placeDetailsResponse,
  placeUniverseResponse,
  type Votes,
  votesResponse,
} from './shapes/games.ts'
import { type GameSort, gameSort, sortsPage } from './shapes/sorts.ts'
import { type ThumbnailItem, thumbnailsResponse, universeThumbnailsResponse } from './shapes/thumbnails.ts'

/**
 * Ids per games and per votes call: what upstream answers and 2026 clients send (roblox-api.md §16),
 * though the docs say 50 (§1, §2). A call refused as too many (400 code 9) falls back to
 * GAMES_BATCH_DOCUMENTED for the rest of the client's life.
 */
export const GAMES_BATCH = 100
export const GAMES_BATCH_DOCUMENTED = 50
/** Batch limits of the other calls (roblox-api.md §4, §6, §12). */
export const PLACE_DETAILS_BATCH = 50
export const THUMBNAILS_BATCH = 100
export const USERS_BATCH = 100
export const GROUPS_BATCH = 100
const PENDING_REPOLLS = 2
const PENDING_REPOLL_MS = 500
const MAX_SORT_PAGES = 50
const MAX_BADGE_PAGES = 200

export interface RobloxClientOptions {
  /** Base URL with `{service}`: `https://{service}.roblox.com` or the simulator's `http://127.0.0.1:p/{service}`. */
  readonly baseTemplate: string
  readonly userAgent: string
  /** .ROBLOSECURITY value; only sent to the calls that need it (place details). */
  readonly cookie?: string | undefined
  /** Minimum spacing of requests to one service, before ±25% jitter. */
  readonly hostIntervalMs: number
  readonly timeoutMs: number
  readonly maxRetries: number
  readonly logger: Logger
  readonly fetch?: typeof globalThis.fetch
  readonly random?: () => number
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  readonly now?: () => number
  /** First retry waits about this long, doubling per attempt up to backoffMaxMs. */
  readonly backoffBaseMs?: number
  readonly backoffMaxMs?: number
  /**
   * Per-host pacing shared beyond this client: the distributed shape passes the Redis-backed pacer
   * (createRedisHostPacer) so every poller process draws from one budget per host. Default: in memory.
   */
  readonly pacer?: HostPacer
  /** Place → universe cache; pass one in to share or persist it, else the client owns one. */
  readonly universeCache?: Map<number, number>
}

export interface CallOptions {
  readonly signal?: AbortSignal | undefined
}

export interface AgeRecommendation {
  /** null = Not Rated. */
  readonly minimumAge: number | null
  readonly contentMaturity: string | null
  readonly displayName: string | null
}

export interface RobloxClient {
  readonly hasCookie: boolean
  /** The games upstream describes; censored and content-restricted items are left out. */
  getGames(universeIds: readonly number[], options?: CallOptions): Promise<Game[]>
  /**
   * Every universe accounted for: games, restricted (censored items, matched by elimination; a batch
   * elimination cannot settle is asked about one universe at a time) and missing (left out).
   */
  getGamesAnswer(universeIds: readonly number[], options?: CallOptions): Promise<GamesAnswer>
  getVotes(universeIds: readonly number[], options?: CallOptions): Promise<Votes[]>
  getPlaceDetails(placeIds: readonly number[], options?: CallOptions): Promise<PlaceDetails[]>
  /** null for a place upstream does not know. Cached for the life of the cache map. */
  getUniverseIdForPlace(placeId: number, options?: CallOptions): Promise<number | null>
  /** Icon per universe (Pending re-polled twice); a universe upstream dropped is absent. */
  getGameIcons(universeIds: readonly number[], options?: CallOptions): Promise<Map<number, ThumbnailItem>>
  /** First game thumbnail (banner) per universe; null when the universe has none. */
  getGameThumbnails(
    universeIds: readonly number[],
    options?: CallOptions,
  ): Promise<Map<number, ThumbnailItem | null>>
  getUserHeadshots(userIds: readonly number[], options?: CallOptions): Promise<Map<number, ThumbnailItem>>
  getGroupIcons(groupIds: readonly number[], options?: CallOptions): Promise<Map<number, ThumbnailItem>>
  /** Every game sort of the explore page (filter sorts skipped), all pages followed. */
  getSorts(options?: CallOptions): Promise<GameSort[]>
  getSortContent(sortId: string, options?: CallOptions & { pageToken?: string }): Promise<GameSort>
  getAgeRecommendation(universeId: number, options?: CallOptions): Promise<AgeRecommendation>
  /** Every badge of a universe (limit 100, cursors followed). */
  getBadges(universeId: number, options?: CallOptions): Promise<Badge[]>
  getUsers(userIds: readonly number[], options?: CallOptions): Promise<UserSummary[]>
  getGroups(groupIds: readonly number[], options?: CallOptions): Promise<GroupSummary[]>
}

type SortsApi = 'explore-api' | 'charts-api'

export function createRobloxClient(options: RobloxClientOptions): RobloxClient {
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? abortableSleep
  const random = options.random ?? Math.random
  const pacer =
    options.pacer ?? createHostPacer({ intervalMs: options.hostIntervalMs, jitter: 0.25, now, sleep, random })
  const http: HttpCaller = createHttpCaller({
    baseTemplate: options.baseTemplate,
    userAgent: options.userAgent,
    cookie: options.cookie,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    backoffBaseMs: options.backoffBaseMs ?? 500,
    backoffMaxMs: options.backoffMaxMs ?? 30_000,
    logger: options.logger,
    fetch: options.fetch ?? globalThis.fetch,
    pacer,
    now,
    sleep,
    random,
  })
  const universeCache = options.universeCache ?? new Map<number, number>()
  // get-sorts wants a non-empty session id; one per client instance is what the web app does per tab.
  const sessionId = randomUUID()
  let sortsApi: SortsApi = 'explore-api'

  /** Ids per games or votes call: GAMES_BATCH until upstream refuses it as too many. */
  let gamesIdsPerCall = GAMES_BATCH
  const refusedAsTooMany = (err: unknown) =>
    err instanceof RobloxHttpError && err.status === 400 && err.code === 9

  /**
   * One games or votes request per chunk, concurrently. A chunk upstream refuses as too many ids
   * (400 code 9: the documented limit enforced after all) is asked again in chunks of the documented
   * size, and every later call uses that size: one refused request, then no more.
   */
  const gamesBatched = async <T>(
    ids: readonly number[],
    one: (part: number[]) => Promise<T>,
  ): Promise<T[]> => {
    const run = async (part: number[]): Promise<T[]> => {
      try {
        return [await one(part)]
      } catch (err) {
        if (!refusedAsTooMany(err) || part.length <= GAMES_BATCH_DOCUMENTED) throw err
        if (gamesIdsPerCall > GAMES_BATCH_DOCUMENTED) {
          gamesIdsPerCall = GAMES_BATCH_DOCUMENTED
          options.logger.warn(
            { refused: part.length, now: GAMES_BATCH_DOCUMENTED },
            'upstream refused a games batch as too many ids (400 code 9); batching at the documented size',
          )
        }
        return (await Promise.all(chunk(part, GAMES_BATCH_DOCUMENTED).map(run))).flat()
      }
    }
    return (await Promise.all(chunk(uniqueIds(ids), gamesIdsPerCall).map(run))).flat()
  }

  /** Runs one request per chunk concurrently; the pacer spaces them per host. */
  const batched = async <T>(
    ids: readonly number[],
    size: number,
    one: (part: number[]) => Promise<T[]>,
  ): Promise<T[]> => {
    const parts = await Promise.all(chunk(uniqueIds(ids), size).map(one))
    return parts.flat()
  }

  const withPendingRepoll = async (
    ids: readonly number[],
    fetchItems: (part: number[]) => Promise<ThumbnailItem[]>,
    signal: AbortSignal | undefined,
  ): Promise<Map<number, ThumbnailItem>> => {
    const out = new Map<number, ThumbnailItem>()
    let todo = uniqueIds(ids)
    for (let round = 0; todo.length > 0; round++) {
      const items = await batched(todo, THUMBNAILS_BATCH, fetchItems)
      for (const item of items) out.set(item.targetId, item)
      if (round >= PENDING_REPOLLS) break
      todo = items.filter((i) => i.state === 'Pending').map((i) => i.targetId)
      if (todo.length > 0) await sleep(PENDING_REPOLL_MS, signal)
    }
    return out
  }

  const thumbnailList =
    (path: string, idParam: string, size: string, signal: AbortSignal | undefined) =>
    async (part: number[]) =>
      (
        await http({
          service: 'thumbnails',
          path,
          query: { [idParam]: part.join(','), size, format: 'Png', isCircular: 'false' },
          schema: thumbnailsResponse,
          signal,
        })
      ).data

  const sortsRequest = async <T>(
    endpoint: 'get-sorts' | 'get-sort-content',
    query: Record<string, string | undefined>,
    schema: z.ZodType<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> => {
    const attempt = (api: SortsApi) =>
      http({
        service: 'apis',
        path: `/${api}/v1/${endpoint}`,
        query: { sessionId, ...query },
        schema,
        signal,
      })
    try {
      return await attempt(sortsApi)
    } catch (err) {
      // The explore API moved to charts-api in 2026 (roblox-api.md §7): switch once on a 404 and stay.
      if (err instanceof RobloxHttpError && err.status === 404 && sortsApi === 'explore-api') {
        options.logger.info('explore-api get-sorts answered 404; switching to charts-api')
        sortsApi = 'charts-api'
        return attempt(sortsApi)
      }
      throw err
    }
  }

  const gamesCall = async (part: readonly number[], o: CallOptions | undefined) =>
    (
      await http({
        service: 'games',
        path: '/v1/games',
        query: { universeIds: part.join(',') },
        schema: gamesResponse,
        signal: o?.signal,
      })
    ).data

  return {
    hasCookie: Boolean(options.cookie),

    getGames: async (ids, o) =>
      (
        await gamesBatched(ids, async (part) =>
          (
            await gamesCall(part, o)
          ).filter((item): item is Game => !isCensoredGame(item) && item.isContentRestricted !== true),
        )
      ).flat(),

    getGamesAnswer: async (ids, o) => {
      const parts = await gamesBatched(ids, async (part) => {
        const first = accountForGames(part, await gamesCall(part, o))
        const answer = { games: first.games, restricted: first.restricted, missing: first.missing }
        // Elimination could not tell which of these the censored items stand for: ask one by one.
        for (const id of first.unresolved) {
          const one = accountForGames([id], await gamesCall([id], o))
          answer.games.push(...one.games)
          answer.restricted.push(...one.restricted, ...one.unresolved)
          answer.missing.push(...one.missing)
        }
        return answer
      })
      return {
        games: parts.flatMap((p) => p.games),
        restricted: parts.flatMap((p) => p.restricted),
        missing: parts.flatMap((p) => p.missing),
      }
    },

    getVotes: async (ids, o) =>
      (
        await gamesBatched(ids, async (part) => {
          const res = await http({
            service: 'games',
            path: '/v1/games/votes',
            query: { universeIds: part.join(',') },
            schema: votesResponse,
            signal: o?.signal,
          })
          return res.data
        })
      ).flat(),

    getPlaceDetails: (ids, o) => {
      if (!options.cookie) {
        return Promise.reject(new RobloxCookieRequiredError('/v1/games/multiget-place-details'))
      }
      return batched(ids, PLACE_DETAILS_BATCH, (part) =>
        http({
          service: 'games',
          path: '/v1/games/multiget-place-details',
          query: { placeIds: part.join(',') },
          schema: placeDetailsResponse,
          withCookie: true,
          signal: o?.signal,
        }),
      )
    },

    async getUniverseIdForPlace(placeId, o) {
      const cached = universeCache.get(placeId)
      if (cached !== undefined) return cached
      try {
        const res = await http({
          service: 'apis',
          path: `/universes/v1/places/${placeId}/universe`,
          schema: placeUniverseResponse,
          signal: o?.signal,
        })
        // Only hits are cached: an unknown place may yet be published.
        if (res.universeId !== null) universeCache.set(placeId, res.universeId)
        return res.universeId
      } catch (err) {
        if (err instanceof RobloxHttpError && (err.status === 404 || err.status === 400)) return null
        throw err
      }
    },

    getGameIcons: (ids, o) =>
      withPendingRepoll(
        ids,
        thumbnailList('/v1/games/icons', 'universeIds', '512x512', o?.signal),
        o?.signal,
      ),

    async getGameThumbnails(ids, o) {
      const out = new Map<number, ThumbnailItem | null>()
      let todo = uniqueIds(ids)
      for (let round = 0; todo.length > 0; round++) {
        const rows = await batched(todo, THUMBNAILS_BATCH, async (part) => {
          const res = await http({
            service: 'thumbnails',
            path: '/v1/games/multiget/thumbnails',
            query: {
              universeIds: part.join(','),
              countPerUniverse: 1,
              defaults: 'true',
              size: '768x432',
              format: 'Png',
              isCircular: 'false',
            },
            schema: universeThumbnailsResponse,
            signal: o?.signal,
          })
          return res.data
        })
        for (const row of rows) out.set(row.universeId, row.thumbnails[0] ?? null)
        if (round >= PENDING_REPOLLS) break
        todo = rows.filter((r) => r.thumbnails[0]?.state === 'Pending').map((r) => r.universeId)
        if (todo.length > 0) await sleep(PENDING_REPOLL_MS, o?.signal)
      }
      return out
    },

    getUserHeadshots: (ids, o) =>
      withPendingRepoll(
        ids,
        thumbnailList('/v1/users/avatar-headshot', 'userIds', '150x150', o?.signal),
        o?.signal,
      ),

    getGroupIcons: (ids, o) =>
      withPendingRepoll(ids, thumbnailList('/v1/groups/icons', 'groupIds', '150x150', o?.signal), o?.signal),

    async getSorts(o) {
      const sorts: GameSort[] = []
      let token: string | undefined
      for (let page = 0; page < MAX_SORT_PAGES; page++) {
        const res = await sortsRequest('get-sorts', { sortsPageToken: token }, sortsPage, o?.signal)
        for (const sort of res.sorts) {
          if (sort.contentType !== 'Games') continue
          const parsed = gameSort.safeParse(sort)
          if (!parsed.success) {
            throw new UpstreamShapeError(
              `get-sorts (${sort.sortId ?? 'unnamed sort'})`,
              parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
              { cause: parsed.error },
            )
          }
          sorts.push(parsed.data)
        }
        if (!res.nextSortsPageToken) return sorts
        token = res.nextSortsPageToken
      }
      options.logger.warn({ pages: MAX_SORT_PAGES }, 'get-sorts kept returning page tokens; stopped')
      return sorts
    },

    getSortContent: (sortId, o) =>
      sortsRequest('get-sort-content', { sortId, pageToken: o?.pageToken }, gameSort, o?.signal),

    async getAgeRecommendation(universeId, o) {
      const res = await http({
        service: 'apis',
        path: '/experience-guidelines-api/experience-guidelines/get-age-recommendation',
        method: 'POST',
        body: { universeId: String(universeId) },
        schema: ageRecommendationResponse,
        signal: o?.signal,
      })
      const rec = res.ageRecommendationDetails?.summary?.ageRecommendation
      if (!rec) return { minimumAge: null, contentMaturity: null, displayName: null }
      return {
        minimumAge: rec.minimumAge,
        contentMaturity: rec.contentMaturity ?? null,
        displayName: rec.displayName ?? null,
      }
    },

    async getBadges(universeId, o) {
      const badges: Badge[] = []
      let cursor: string | undefined
      for (let page = 0; page < MAX_BADGE_PAGES; page++) {
        const res = await http({
          service: 'badges',
          path: `/v1/universes/${universeId}/badges`,
          query: { limit: 100, sortOrder: 'Asc', cursor },
          schema: badgesPage,
          signal: o?.signal,
        })
        badges.push(...res.data)
        if (!res.nextPageCursor) return badges
        cursor = res.nextPageCursor
      }
      options.logger.warn({ universeId, pages: MAX_BADGE_PAGES }, 'badge pages capped')
      return badges
    },

    getUsers: (ids, o) =>
      batched(ids, USERS_BATCH, async (part) => {
        const res = await http({
          service: 'users',
          path: '/v1/users',
          method: 'POST',
          body: { userIds: part, excludeBannedUsers: false },
          schema: usersResponse,
          signal: o?.signal,
        })
        return res.data
      }),

    getGroups: (ids, o) =>
      batched(ids, GROUPS_BATCH, async (part) => {
        const res = await http({
          service: 'groups',
          path: '/v2/groups',
          query: { groupIds: part.join(',') },
          schema: groupsResponse,
          signal: o?.signal,
        })
        return res.data
      }),
  }
}

// Re-exported so callers can name the shapes without reaching into shapes/.
export type { Badge, Game, GameSort, GroupSummary, PlaceDetails, ThumbnailItem, UserSummary, Votes }
