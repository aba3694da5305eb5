import {
  type Creator,
  EVENT_STATS_START_DATE,
  type ExperienceListSort,
  type Granularity,
  SEARCH_SUGGESTIONS_MAX,
  type SessionUser,
  SLIM_LIST_REFETCH_MS,
  type SortOrder,
  type StatKind,
  TAG_STATS_START,
  type TagCcuScope,
} from '@ludex/schemas'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { ApiRequestError, apiGet, apiGetDated } from './client.ts'

/** The tags are loaded once and refreshed after 10 minutes (part 1 §4); so is the creator list's page. */
export const SHELL_DATA_STALE_MS = 10 * 60_000

/**
 * One request of the experiences list (GET /api/place/list): a page of the ranked list in a column's
 * order, searched and filtered by tag.
 */
export interface ExperienceListRequest {
  readonly page: number
  readonly pageSize: number
  readonly sort: ExperienceListSort
  readonly order: SortOrder
  /** The settled search text ('' for none). */
  readonly search: string
  readonly tagId: number | null
}

const qs = (params: Record<string, string | number | boolean | undefined>) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== false)
  return entries.map(([k, v]) => (v === true ? k : `${k}=${encodeURIComponent(String(v))}`)).join('&')
}

/** The session's query key: kept when the rest of the cache is cleared on sign-in and sign-out. */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const

/**
 * The signed-in user's remembered view state. Its own top-level key: sign-in and sign-out drop it with
 * the rest of the cache, and it is not under 'users' (dropped when an admin's simulated role changes).
 */
export const PREFERENCES_QUERY_KEY = ['preferences'] as const

/** The signed-in user, or null for a visitor (the server answers 200 with `user: null`). */
async function fetchSession(signal: AbortSignal): Promise<SessionUser | null> {
  return (await apiGet('/api/auth/session', 'sessionState', signal)).user
}

/** One query-options factory per endpoint: loaders call ensureQueryData, components useQuery. */
export const api = {
  /** Restored at start-up; it changes only through the app's own calls (sign-in, sign-out, roles). */
  session: () =>
    queryOptions({
      queryKey: SESSION_QUERY_KEY,
      queryFn: ({ signal }) => fetchSession(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The signed-in user's view state (GET /api/users/me/preferences), loaded with the session. */
  preferences: () =>
    queryOptions({
      queryKey: PREFERENCES_QUERY_KEY,
      queryFn: ({ signal }) => apiGet('/api/users/me/preferences', 'userPreferences', signal),
      // Only this app changes it (each change is written to the cache, then saved).
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The single sign-on providers the server offers (the sign-in screen's Google button). */
  authProviders: () =>
    queryOptions({
      queryKey: ['auth', 'providers'],
      queryFn: ({ signal }) => apiGet('/api/auth/providers', 'authProviders', signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The footer's configured links and the session cookie's name; they change only with a restart. */
  site: () =>
    queryOptions({
      queryKey: ['site'],
      queryFn: ({ signal }) => apiGet('/api/site', 'siteInfo', signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The users page: every user and the active counts (permission LIST_USERS). */
  users: () =>
    queryOptions({
      queryKey: ['users'],
      queryFn: ({ signal }) => apiGet('/api/users', 'userList', signal),
      // Fresh from the page's loader: the page does not fetch it a second time on mount.
      staleTime: 30_000,
    }),
  /** The Robux converter's EUR and SEK rates (editors and admins), fresh until the provider's next update. */
  exchangeRates: () =>
    queryOptions({
      queryKey: ['tools', 'exchange-rates'],
      queryFn: ({ signal }) => apiGet('/api/exchange-rates', 'exchangeRates', signal),
      staleTime: (query) => {
        const expires = query.state.data ? Date.parse(query.state.data.expires) : Number.NaN
        return Number.isFinite(expires) ? Math.max(0, expires - Date.now()) : 0
      },
      // A failure is the converter's to explain (USD only), at once: the server already waited.
      retry: false,
    }),
  /** The code library's address (VIEW_CODE_LIBRARY), or null when none is set up. */
  codeLibrary: () =>
    queryOptions({
      queryKey: ['tools', 'code-library'],
      queryFn: ({ signal }) => apiGet('/api/code-library', 'codeLibrary', signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The users page's Visitors panel: page views per day (the last one in progress) and top pages. */
  visitorStats: () =>
    queryOptions({
      queryKey: ['users', 'visitors'],
      queryFn: ({ signal }) => apiGetDated('/api/analytics/visitors', 'visitorStats', signal),
      staleTime: 60_000,
    }),
  /** The users page's error reports: the latest, grouped by error and message. */
  errorGroups: () =>
    queryOptions({
      queryKey: ['users', 'errors'],
      queryFn: ({ signal }) => apiGet('/api/errors', 'errorGroups', signal),
      staleTime: 60_000,
    }),
  /*
   * The experiences, a few at a time (issue 19 point 4: the shell no longer loads every tracked one).
   * Each answer is as fresh as the slim list was (part 1 §4: refetched after 10 minutes), and carries
   * the ranks among every tracked experience.
   */
  /** Suggestions for a search text (already reduced: a game link to its id), best first. */
  experienceSearch: (text: string, limit: number = SEARCH_SUGGESTIONS_MAX) =>
    queryOptions({
      queryKey: ['place', 'search', text, limit],
      queryFn: ({ signal }) =>
        apiGet(`/api/place/search?${qs({ q: text, limit })}`, 'rankedExperienceList', signal),
      staleTime: SLIM_LIST_REFETCH_MS,
      // The suggestions of the last text stay while the next text's are on their way.
      placeholderData: keepPreviousData,
    }),
  /** One page of the ranked list. */
  experienceList: (request: ExperienceListRequest) =>
    queryOptions({
      queryKey: ['place', 'list', request],
      queryFn: ({ signal }) =>
        apiGet(
          `/api/place/list?${qs({
            page: request.page,
            pageSize: request.pageSize,
            sort: request.sort,
            order: request.order,
            search: request.search === '' ? undefined : request.search,
            tagId: request.tagId ?? undefined,
          })}`,
          'experienceListPage',
          signal,
        ),
      staleTime: SLIM_LIST_REFETCH_MS,
      // The page shown stays (marked busy) while the next page, order or filter loads.
      placeholderData: keepPreviousData,
    }),
  /** The tracked experiences of known ids, in their order (at most EXPERIENCE_LOOKUP_MAX: experience-lookup.ts). */
  experienceLookup: (placeIds: readonly number[]) =>
    queryOptions({
      queryKey: ['place', 'lookup', placeIds],
      queryFn: ({ signal }) =>
        apiGet(`/api/place/lookup?${qs({ ids: placeIds.join(',') })}`, 'rankedExperienceList', signal),
      enabled: placeIds.length > 0,
      staleTime: SLIM_LIST_REFETCH_MS,
    }),
  /** Every tracked experience together: the overview's Players Online tile and Like Rate histogram. */
  experienceSummary: () =>
    queryOptions({
      queryKey: ['place', 'summary'],
      queryFn: ({ signal }) => apiGet('/api/place/summary', 'experienceSummary', signal),
      staleTime: SLIM_LIST_REFETCH_MS,
    }),
  /** The tags the viewer may see (curated, own, and for editors every user's): the shell's third list. */
  tags: () =>
    queryOptions({
      queryKey: ['placetag'],
      queryFn: ({ signal }) => apiGet('/api/placetag', 'placeTagList', signal),
      staleTime: SHELL_DATA_STALE_MS,
    }),
  /** A tag with its experiences resolved (GET /api/placetag/{id}); 404 for an unknown or hidden tag. */
  tag: (tagId: number) =>
    queryOptions({
      queryKey: ['placetag', tagId],
      queryFn: ({ signal }) => apiGet(`/api/placetag/${tagId}`, 'populatedPlaceTag', signal),
      staleTime: 60_000,
    }),
  /**
   * A tag's average of its experiences with the lower and upper quartiles (part 2 §7). Under the tag's
   * key: a membership change invalidates the tag and its averages together (part 2 §4).
   */
  tagStats: (
    kind: 'ccus' | 'playtime',
    tagId: number,
    params: { scope?: TagCcuScope; granularity: Granularity; startTime?: string },
  ) =>
    queryOptions({
      queryKey: ['placetag', tagId, 'stats', kind, params],
      queryFn: ({ signal }) =>
        apiGetDated(
          `/api/stats/${kind}?${qs({ tagId, aggregation: 'average', withPercentiles: 'true', ...params, startTime: params.startTime ?? TAG_STATS_START })}`,
          'statsResponse',
          signal,
        ),
      staleTime: 60_000,
    }),
  creators: () =>
    queryOptions({
      queryKey: ['creator'],
      queryFn: ({ signal }) => apiGet('/api/creator', 'creatorList', signal),
      staleTime: SHELL_DATA_STALE_MS,
    }),
  /**
   * The creator of an experience (the detail page's info panel), without the list of every creator:
   * GET /api/creator/{id} (the user or group with more experiences when both have the id) and, when that
   * one does not hold the experience, the other type's. `typed`: its page needs `?type=`. Null when
   * no tracked creator holds it.
   */
  experienceCreator: (creatorId: number, placeId: number) =>
    queryOptions({
      queryKey: ['creator', creatorId, 'of', placeId],
      queryFn: async ({ signal }) => {
        const holder = async (type?: Creator['type']) => {
          try {
            const c = await apiGet(
              `/api/creator/${creatorId}${type ? `?${qs({ type })}` : ''}`,
              'creatorDetail',
              signal,
            )
            return c.place_ids.includes(placeId) ? c : null
          } catch (err) {
            if (err instanceof ApiRequestError && err.status === 404) return null
            throw err
          }
        }
        const first = await holder()
        if (first) return { creator: first, typed: false }
        for (const type of ['Group', 'User'] as const) {
          const other = await holder(type)
          if (other) return { creator: other, typed: true }
        }
        return null
      },
      enabled: creatorId > 0,
      staleTime: 10 * 60_000,
    }),
  /** A creator's page (GET /api/creator/{id}); `type` picks between a user and a group sharing the id. */
  creator: (creatorId: number, type?: Creator['type']) =>
    queryOptions({
      queryKey: ['creator', creatorId, type ?? null],
      queryFn: ({ signal }) =>
        apiGet(`/api/creator/${creatorId}${type ? `?${qs({ type })}` : ''}`, 'creatorDetail', signal),
      staleTime: 60_000,
    }),
  /** The average CCU of a creator's experiences: all, the active ones or the current top five. */
  creatorCcu: (
    creatorId: number,
    params: { type?: Creator['type']; scope: TagCcuScope; granularity: Granularity; startTime?: string },
  ) =>
    queryOptions({
      queryKey: ['creator', creatorId, 'ccu', params],
      queryFn: ({ signal }) =>
        apiGetDated(`/api/creator/${creatorId}/ccu?${qs(params)}`, 'statsResponse', signal),
      staleTime: 60_000,
    }),
  /** The genre table (GET /api/genre). */
  genres: () =>
    queryOptions({
      queryKey: ['genre'],
      queryFn: ({ signal }) => apiGet('/api/genre', 'genreList', signal),
      staleTime: 60_000,
    }),
  genre: (genre: string) =>
    queryOptions({
      queryKey: ['genre', genre],
      queryFn: ({ signal }) => apiGet(`/api/genre/${encodeURIComponent(genre)}`, 'genreDetail', signal),
      staleTime: 60_000,
    }),
  subGenre: (genre: string, slug: string) =>
    queryOptions({
      queryKey: ['genre', genre, slug],
      queryFn: ({ signal }) =>
        apiGet(
          `/api/genre/${encodeURIComponent(genre)}/${encodeURIComponent(slug)}`,
          'subGenreDetail',
          signal,
        ),
      staleTime: 60_000,
    }),
  experience: (placeId: number) =>
    queryOptions({
      queryKey: ['place', placeId],
      queryFn: ({ signal }) => apiGet(`/api/place/${placeId}`, 'experience', signal),
      staleTime: 60_000,
    }),
  price: (placeId: number) =>
    queryOptions({
      queryKey: ['place', placeId, 'price'],
      queryFn: ({ signal }) => apiGet(`/api/place/${placeId}/price`, 'priceHistory', signal),
      // Fresh for a minute like the experience itself: a server-rendered page's copy is not fetched
      // again the moment it hydrates.
      staleTime: 60_000,
    }),
  // Signals (issue 20): automatic markers, genre standing, chart placements, a ranking day's changes,
  // a genre's benchmark distribution.
  markers: (placeId: number) =>
    queryOptions({
      queryKey: ['place', placeId, 'markers'],
      queryFn: ({ signal }) => apiGet(`/api/place/${placeId}/markers`, 'eventMarkerList', signal),
      staleTime: 5 * 60_000,
    }),
  standing: (placeId: number) =>
    queryOptions({
      queryKey: ['place', placeId, 'standing'],
      queryFn: ({ signal }) => apiGet(`/api/place/${placeId}/standing`, 'genreStanding', signal),
      staleTime: 10 * 60_000,
    }),
  placements: (placeId: number) =>
    queryOptions({
      queryKey: ['place', placeId, 'placements'],
      queryFn: ({ signal }) => apiGet(`/api/place/${placeId}/placements`, 'placementHistory', signal),
      staleTime: 5 * 60_000,
    }),
  rankingChanges: (categoryId: number, time?: number) =>
    queryOptions({
      queryKey: ['stats', 'ranking', categoryId, 'changes', time ?? null],
      queryFn: ({ signal }) =>
        apiGet(
          `/api/stats/ranking/${categoryId}/changes?${qs({ startTime: time })}`,
          'rankingDayChanges',
          signal,
        ),
      staleTime: 5 * 60_000,
    }),
  genreBenchmarks: (genre: string) =>
    queryOptions({
      queryKey: ['stats', 'genre-benchmarks', genre],
      queryFn: ({ signal }) =>
        apiGet(`/api/stats/genre-benchmarks/${encodeURIComponent(genre)}`, 'genreBenchmarks', signal),
      staleTime: 10 * 60_000,
    }),
  thumbnails: (placeIds: readonly number[], type: 'Icon' | 'Banner') =>
    queryOptions({
      queryKey: ['thumbnail', type, placeIds],
      queryFn: ({ signal }) =>
        apiGet(`/api/thumbnail/bulk?${qs({ placeIds: placeIds.join(','), type })}`, 'thumbnailList', signal),
      enabled: placeIds.length > 0,
      staleTime: 10 * 60_000,
    }),
  stats: (
    kind: StatKind,
    params: { placeIds: readonly number[]; granularity: Granularity; startTime?: string; endTime?: string },
  ) =>
    queryOptions({
      queryKey: ['stats', kind, params],
      queryFn: ({ signal }) =>
        apiGetDated(
          `/api/stats/${kind}?${qs({ ...params, placeIds: params.placeIds.join(',') })}`,
          'statsResponse',
          signal,
        ),
      staleTime: 60_000,
    }),
  /** The compare table's Daily / Weekly / Monthly CCU: each place's last completed periods (signed in). */
  ccuPeriods: (placeIds: readonly number[]) =>
    queryOptions({
      queryKey: ['stats', 'ccu-periods', placeIds],
      queryFn: ({ signal }) =>
        apiGet(
          `/api/stats/ccu-periods?${qs({ placeIds: placeIds.join(',') })}`,
          'ccuPeriodsResponse',
          signal,
        ),
      enabled: placeIds.length > 0,
      staleTime: 60_000,
    }),
  genreStats: (granularity: 'day' | 'week' | 'month', startTime?: string) =>
    queryOptions({
      queryKey: ['stats', 'genres', granularity, startTime],
      queryFn: ({ signal }) =>
        apiGetDated(`/api/stats/genres?${qs({ granularity, startTime })}`, 'genreStatsResponse', signal),
      staleTime: 5 * 60_000,
    }),
  rankingSeries: (placeId: number, startTime?: string) =>
    queryOptions({
      queryKey: ['stats', 'ranking', placeId, startTime],
      queryFn: ({ signal }) =>
        apiGet(`/api/stats/ranking?${qs({ placeId, startTime })}`, 'rankingSeries', signal),
      staleTime: 60_000,
    }),
  rankingSnapshot: (categoryId: number, time?: number) =>
    queryOptions({
      queryKey: ['stats', 'ranking-snapshot', categoryId, time],
      queryFn: ({ signal }) =>
        apiGet(`/api/stats/ranking/${categoryId}?${qs({ startTime: time })}`, 'rankingSnapshot', signal),
      // A server-rendered page's copy is not fetched again the moment it hydrates.
      staleTime: 60_000,
    }),
  picks: () =>
    queryOptions({
      queryKey: ['platform', 'picks'],
      queryFn: ({ signal }) => apiGet('/api/platform/picks', 'dailyPickList', signal),
      staleTime: 10 * 60_000,
    }),
  /** Every date of [startDate, endDate] (YYYY-MM-DD, both included): the daily picks page's month. */
  picksRange: (startDate: string, endDate: string) =>
    queryOptions({
      queryKey: ['platform', 'picks', startDate, endDate],
      queryFn: ({ signal }) =>
        apiGet(
          `/api/platform/picks?${qs({ startTime: startDate, endTime: endDate })}`,
          'dailyPickList',
          signal,
        ),
      staleTime: 10 * 60_000,
    }),
  platformCcu: (granularity: Granularity, startTime?: string) =>
    queryOptions({
      queryKey: ['platform', 'ccu', granularity, startTime],
      queryFn: ({ signal }) =>
        apiGetDated(`/api/platform/ccu?${qs({ granularity, startTime })}`, 'platformCcuList', signal),
      staleTime: 5 * 60_000,
    }),
  genreDistribution: () =>
    queryOptions({
      queryKey: ['platform', 'genre'],
      queryFn: ({ signal }) => apiGet('/api/platform/genre?new', 'genreDistribution', signal),
      staleTime: 5 * 60_000,
    }),
  /** Event credentials with their secrets (EDIT_GAME_CREDENTIALS); never cached by the browser. */
  /** The signed-in user's alerts with the per-user limits (GET /api/alerts). */
  alerts: () =>
    queryOptions({
      queryKey: ['alerts'],
      queryFn: ({ signal }) => apiGet('/api/alerts', 'alertList', signal),
      staleTime: 30_000,
    }),
  /** The newest deliveries of the user's alerts; polled, as their status moves on the server. */
  alertDeliveries: () =>
    queryOptions({
      queryKey: ['alerts', 'deliveries'],
      queryFn: ({ signal }) => apiGet('/api/alertdelivery', 'alertDeliveryList', signal),
      staleTime: 10_000,
      // Every 3 s while one is on its way (pending: the next alerts pass sends it), else every 15 s.
      refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 3_000 : 15_000),
    }),
  gameCredentials: () =>
    queryOptions({
      queryKey: ['gamecredential'],
      queryFn: ({ signal }) => apiGet('/api/gamecredential', 'gameCredentialList', signal),
      staleTime: 30_000,
    }),
  /**
   * Game events per experience and day since the spec's start date (part 2 §7), with the day in
   * progress named (partialFrom): a day's count is whole only before it.
   */
  eventStats: () =>
    queryOptions({
      queryKey: ['stats', 'events'],
      queryFn: ({ signal }) =>
        apiGetDated(
          `/api/stats/events?${qs({ granularity: 'day', startTime: EVENT_STATS_START_DATE })}`,
          'eventStatList',
          signal,
        ),
      staleTime: 30_000,
      // Games keep sending: the counts move while the page is open.
      refetchInterval: 60_000,
    }),
  movement: (type: 'top100entry' | 'top100exit') =>
    queryOptions({
      queryKey: ['platform', 'movement', type],
      queryFn: ({ signal }) => apiGet(`/api/platform/movement?type=${type}`, 'movementList', signal),
      staleTime: 10 * 60_000,
    }),
  /**
   * The momentum labels of some experiences (GET /api/stats/momentum?placeIds=, at most
   * MOMENTUM_MAX_PLACE_IDS: momentum/MomentumBadge.tsx asks in chunks); they move once a day.
   */
  momentum: (placeIds: readonly number[]) =>
    queryOptions({
      queryKey: ['stats', 'momentum', placeIds],
      queryFn: ({ signal }) =>
        apiGet(`/api/stats/momentum?${qs({ placeIds: placeIds.join(',') })}`, 'momentumResponse', signal),
      enabled: placeIds.length > 0,
      staleTime: 10 * 60_000,
    }),
  /** One experience's recent like % (7 and 30 days) over the chart's range. */
  recentLikes: (placeId: number, startTime?: string) =>
    queryOptions({
      queryKey: ['stats', 'likes-recent', placeId, startTime],
      queryFn: ({ signal }) =>
        apiGet(`/api/stats/likes-recent?${qs({ placeId, startTime })}`, 'recentLikesResponse', signal),
      staleTime: 10 * 60_000,
    }),
}
