import { isDatabaseId } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import type { RouteHandle } from '../../shell/route-handle.ts'
import { ExperiencePage } from './ExperiencePage.tsx'

export interface ExperienceLoaderData {
  readonly placeId: number
}

const handle: RouteHandle = { crumbs: [{ label: 'Experiences', to: '/experiences' }] }

/**
 * The lazy route module. The id must be a database id (else 404); the experience is loaded before
 * the page shows, and an API error (404 or other) reaches the error page with its status.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    handle,
    loader: async ({ params }: LoaderFunctionArgs): Promise<ExperienceLoaderData> => {
      if (!isDatabaseId(params.experienceId)) throw new Response('Not Found', { status: 404 })
      const placeId = Number(params.experienceId)
      await queryClient.ensureQueryData(api.experience(placeId))
      return { placeId }
    },
    Component: ExperiencePage,
  }
}
