import { isExperienceGenre } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { prefetchExperiencesTable, withRanks } from '../experiences/ExperiencesTable.tsx'
import { GENRE_EXPERIENCES_TABLE, GenrePage } from './GenrePage.tsx'

export interface GenreLoaderData {
  readonly genre: string
}

/**
 * The lazy route module of /genres/{genre}: a genre key or 'unlabeled', else 404 (without asking the
 * API); the genre is loaded before the page shows (its benchmarks and its table's momentum and icons
 * start with it), and an API error reaches the error page.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async ({ params }: LoaderFunctionArgs): Promise<GenreLoaderData> => {
      const genre = params.genre ?? ''
      if (!isExperienceGenre(genre)) throw new Response('Not Found', { status: 404 })
      // The benchmarks and the table's momentum and first icons start with the genre: drawn on the
      // server too, so the browser asks for none of them while the page hydrates.
      void queryClient.prefetchQuery(api.genreBenchmarks(genre))
      const detail = await queryClient.ensureQueryData(api.genre(genre))
      prefetchExperiencesTable(queryClient, GENRE_EXPERIENCES_TABLE, withRanks(detail.experiences))
      return { genre }
    },
    Component: GenrePage,
  }
}
