import { DEFAULT_GRANULARITY, isDatabaseId } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { defaultViewStart, viewNow } from '../../experience/chart-view.ts'
import { recentLikesQuery } from '../../momentum/RecentLikesCard.tsx'
import { ExperiencePage } from './ExperiencePage.tsx'

export interface ExperienceLoaderData {
  readonly placeId: number
  /**
   * The minute the charts' first views end at (viewNow), fixed by the loader: the prefetched data's
   * query keys and the charts' own are the same, and a server-rendered page hands its minute to the
   * browser with the loader data, so hydration asks for what the server drew.
   */
  readonly now: number
}

/**
 * The lazy route module. The id must be a database id (else 404); the experience is loaded before
 * the page shows, and an API error (404 or other) reaches the error page with its status.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async ({ params }: LoaderFunctionArgs): Promise<ExperienceLoaderData> => {
      if (!isDatabaseId(params.experienceId)) throw new Response('Not Found', { status: 404 })
      const placeId = Number(params.experienceId)
      const now = viewNow()
      prefetchCharts(queryClient, placeId, now)
      const experience = await queryClient.ensureQueryData(api.experience(placeId))
      // The info panel's creator (a server render names it when it answers within the budget).
      void queryClient.prefetchQuery(api.experienceCreator(experience.creator_id, placeId))
      return { placeId, now }
    },
    Component: ExperiencePage,
  }
}

/**
 * Starts the first screen's chart data with the page: the default view of each chart (an address with
 * a hash, an anchor link or a tab, fetches its own view as the charts mount). Not awaited: the page
 * shows with loading charts; a server render waits a bounded time for them (entry-server.tsx).
 */
function prefetchCharts(queryClient: QueryClient, placeId: number, now: number): void {
  if (typeof window !== 'undefined' && window.location.hash.length > 1) return
  const start = defaultViewStart(now)
  const params = {
    placeIds: [placeId],
    granularity: DEFAULT_GRANULARITY,
    ...(start !== undefined ? { startTime: new Date(start).toISOString() } : {}),
  }
  void queryClient.prefetchQuery(api.stats('ccus', params))
  void queryClient.prefetchQuery(api.stats('playtime', params))
  void queryClient.prefetchQuery(api.stats('likes', params))
  void queryClient.prefetchQuery(api.rankingSeries(placeId))
  void queryClient.prefetchQuery(api.price(placeId))
  // The charts' markers, so that a server-rendered page draws them in its static charts too.
  void queryClient.prefetchQuery(api.markers(placeId))
  // The header's momentum label (the same call useMomentumByPlace makes for this one experience).
  void queryClient.prefetchQuery(api.momentum([placeId]))
  // The cards below the charts: a server render draws them, the hydrated page asks for nothing.
  void queryClient.prefetchQuery(api.placements(placeId))
  void queryClient.prefetchQuery(api.standing(placeId))
  void queryClient.prefetchQuery(recentLikesQuery(placeId, now))
}
