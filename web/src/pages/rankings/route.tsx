import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import { prefetchExperienceLookup } from '../../api/experience-lookup.ts'
import { api } from '../../api/queries.ts'
import { parseRankingExp, parseRankingTime, rankingCategory } from '../../rankings/address.ts'
import { prefetchIcons } from '../../thumbnails/icon-hashes.ts'
import { prefetchDayChanges } from './DayChanges.tsx'
import { RankingsPage } from './RankingsPage.tsx'

export interface RankingsLoaderData {
  readonly categoryId: number
  /** The address's time (epoch ms), or null for the latest capture. */
  readonly time: number | null
  /** The highlighted experience, or null. */
  readonly exp: number | null
  /**
   * The loader's clock: the page's day, hour and day buttons are worked out from it, so a
   * server-rendered page and its hydration draw the same controls (loader data travels with the page).
   */
  readonly now: number
}

/**
 * The lazy route module of /rankings/{rankingIndex}: an index that names no chart category is a 404
 * (part 2 §2.1, §8); the positions are loaded before the page shows, their icons and names and the
 * day's changes start with it.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async ({ params, request }: LoaderFunctionArgs): Promise<RankingsLoaderData> => {
      const category = rankingCategory(params.rankingIndex)
      if (!category) throw new Response('Not Found', { status: 404 })
      const search = new URL(request.url).searchParams
      const time = parseRankingTime(search.get('time'))
      const snapshot = await queryClient.ensureQueryData(api.rankingSnapshot(category.id, time ?? undefined))
      const ids = snapshot.positions.map((p) => p.place_id)
      prefetchIcons(queryClient, ids)
      // The names of the ranked experiences (a server-rendered table shows them).
      prefetchExperienceLookup(queryClient, ids)
      // Who entered and left that day, with their names: drawn on the server too.
      prefetchDayChanges(queryClient, category.id, time ?? undefined)
      return { categoryId: category.id, time, exp: parseRankingExp(search.get('exp')), now: Date.now() }
    },
    Component: RankingsPage,
  }
}
