import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { TagsPage } from './TagsPage.tsx'

/**
 * The lazy route module. The tag list is the shell's (refetched after every tag change); the loader
 * waits for it and for the slim list (players online, thumbnails), so a server-rendered page is drawn
 * with its table. A failed load is an empty list (part 2 §8), never an error page.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      await Promise.all([
        queryClient.ensureQueryData(api.tags()).catch(() => undefined),
        queryClient.ensureQueryData(api.slimList()).catch(() => undefined),
      ])
      return null
    },
    Component: TagsPage,
  }
}
