import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { requireAccess } from '../../shell/page-guard.tsx'
import { RobuxPage } from './RobuxPage.tsx'

/** /robux: editors and admins (anyone else is sent to /); the day's rates start loading with the page. */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      await requireAccess(queryClient, 'staff')
      // Not awaited: the converter works in USD at once, EUR and SEK join when the rates arrive.
      void queryClient.prefetchQuery(api.exchangeRates())
      return null
    },
    Component: RobuxPage,
  }
}
