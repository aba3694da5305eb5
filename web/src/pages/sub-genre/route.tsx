import { isExperienceGenre } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { SubGenrePage } from './SubGenrePage.tsx'

export interface SubGenreLoaderData {
  readonly genre: string
  readonly subGenre: string
}

/**
 * The lazy route module of /genres/{genre}/{subGenre}: an unknown genre is a 404 at once; an unknown
 * sub-genre is the API's 404 (a sub-genre exists under a genre while one of its experiences has it).
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async ({ params }: LoaderFunctionArgs): Promise<SubGenreLoaderData> => {
      const genre = params.genre ?? ''
      const subGenre = params.subGenre ?? ''
      if (!isExperienceGenre(genre) || subGenre === '') throw new Response('Not Found', { status: 404 })
      await queryClient.ensureQueryData(api.subGenre(genre, subGenre))
      return { genre, subGenre }
    },
    Component: SubGenrePage,
  }
}
