import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { OverviewPage } from './OverviewPage.tsx'
import { prefetchOverview } from './queries.ts'

/** The lazy route module: the loader fills the first screen (ensureQueryData), then the page. */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      // The loader's request carries no hash; the address bar has it on a first load (what matters).
      // A server render has no hash at all: it draws the default granularity.
      await prefetchOverview(queryClient, typeof window === 'undefined' ? '' : window.location.hash)
      return null
    },
    Component: OverviewPage,
  }
}
