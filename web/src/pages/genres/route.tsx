import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { GenresPage } from './GenresPage.tsx'

/** The lazy route module: the genre table is loaded before the page shows (and server-rendered with it). */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      await queryClient.ensureQueryData(api.genres())
      return null
    },
    Component: GenresPage,
  }
}
