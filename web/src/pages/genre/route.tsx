import { isExperienceGenre } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { GenrePage } from './GenrePage.tsx'

export interface GenreLoaderData {
  readonly genre: string
}

/**
 * The lazy route module of /genres/{genre}: a genre key or 'unlabeled', else 404 (without asking the
 * API); the genre is loaded before the page shows, and an API error reaches the error page.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async ({ params }: LoaderFunctionArgs): Promise<GenreLoaderData> => {
      const genre = params.genre ?? ''
      if (!isExperienceGenre(genre)) throw new Response('Not Found', { status: 404 })
      await queryClient.ensureQueryData(api.genre(genre))
      return { genre }
    },
    Component: GenrePage,
  }
}
