import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { restoreSession } from '../../shell/session.ts'
import { prefetchIcons } from '../../thumbnails/icon-hashes.ts'
import { DailyPicksPage } from './DailyPicksPage.tsx'
import { isoDay, type Month, monthToShow, picksRequest } from './month.ts'

export interface DailyPicksLoaderData {
  readonly month: Month
  /**
   * Today's UTC date by the loader's clock: which days are future and which a visitor may see follow
   * from it, so a server-rendered page and its hydration agree (loader data travels with the page).
   */
  readonly today: string
}

/**
 * The lazy route module of /daily-picks[?month=YYYY-MM]: the month's picks are loaded before the page
 * shows (as far as the viewer may see them: the page asks for the same dates), their icons start with it.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async ({ request }: LoaderFunctionArgs): Promise<DailyPicksLoaderData> => {
      const today = isoDay(Date.now())
      const month = monthToShow(new URL(request.url).searchParams.get('month'), today)
      const viewer = await restoreSession(queryClient)
      const range = picksRequest(month, today, viewer.kind === 'visitor')
      if (range) {
        const picks = await queryClient.ensureQueryData(api.picksRange(range.from, range.to))
        prefetchIcons(
          queryClient,
          picks.flatMap((d) => d.places.map((p) => p.place_id)),
        )
      }
      return { month, today }
    },
    Component: DailyPicksPage,
  }
}
