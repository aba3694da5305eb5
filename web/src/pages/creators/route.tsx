import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { CreatorsPage } from './CreatorsPage.tsx'

/**
 * The lazy route module. The creator list is this page's (every creator of a tracked experience,
 * refreshed after 10 minutes; the shell no longer loads it: issue 19 point 4); the loader waits for
 * it, so a server-rendered page is drawn with its table. A failed load is an
 * empty list (part 2 §8), never an error page.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      await queryClient.ensureQueryData(api.creators()).catch(() => undefined)
      return null
    },
    Component: CreatorsPage,
  }
}
