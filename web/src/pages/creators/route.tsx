import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { CreatorsPage } from './CreatorsPage.tsx'

/**
 * The lazy route module. The creator list is the shell's (loaded once, refreshed after 10 minutes);
 * the loader waits for it, so a server-rendered page is drawn with its table. A failed load is an
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
