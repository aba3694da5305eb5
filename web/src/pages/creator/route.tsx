import { type Creator, DEFAULT_CREATOR_GRANULARITY, isDatabaseId } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { defaultViewStart, viewNow } from '../../experience/chart-view.ts'
import { prefetchExperiencesTable, withRanks } from '../experiences/ExperiencesTable.tsx'
import { CREATOR_CCU_DEFAULT_SCOPE } from './CreatorCcuChart.tsx'
import { CREATOR_EXPERIENCES_PANEL, CreatorPage } from './CreatorPage.tsx'

export interface CreatorLoaderData {
  readonly creatorId: number
  readonly type: Creator['type'] | undefined
  /** The minute the chart's first view ends at (viewNow), as the experience page's loader fixes it. */
  readonly now: number
}

const TYPES: readonly string[] = ['User', 'Group']

/**
 * The lazy route module. The id must be a database id and `?type=`, when given, User or Group (else
 * 404); the creator is loaded before the page shows, and an API error (404: no such creator, or other)
 * reaches the error page with its status.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async ({ params, request }: LoaderFunctionArgs): Promise<CreatorLoaderData> => {
      const typeParam = new URL(request.url).searchParams.get('type')
      if (!isDatabaseId(params.creatorId) || (typeParam !== null && !TYPES.includes(typeParam))) {
        throw new Response('Not Found', { status: 404 })
      }
      const creatorId = Number(params.creatorId)
      const type = (typeParam ?? undefined) as Creator['type'] | undefined
      const now = viewNow()
      prefetchChart(queryClient, creatorId, type, now)
      const creator = await queryClient.ensureQueryData(api.creator(creatorId, type))
      // Its table's momentum and first icons: drawn on the server too.
      prefetchExperiencesTable(queryClient, CREATOR_EXPERIENCES_PANEL, withRanks(creator.experiences))
      return { creatorId, type, now }
    },
    Component: CreatorPage,
  }
}

/** The chart's default view starts with the page (as the experience page's charts do); not awaited. */
function prefetchChart(
  queryClient: QueryClient,
  creatorId: number,
  type: Creator['type'] | undefined,
  now: number,
): void {
  if (typeof window !== 'undefined' && window.location.hash.length > 1) return
  const start = defaultViewStart(now)
  void queryClient.prefetchQuery(
    api.creatorCcu(creatorId, {
      ...(type ? { type } : {}),
      scope: CREATOR_CCU_DEFAULT_SCOPE,
      granularity: DEFAULT_CREATOR_GRANULARITY,
      ...(start !== undefined ? { startTime: new Date(start).toISOString() } : {}),
    }),
  )
}
