import { DEFAULT_GRANULARITY, isDatabaseId } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { defaultViewStart, viewNow } from '../../experience/chart-view.ts'
import { prefetchExperiencesTable } from '../experiences/ExperiencesTable.tsx'
import { TAG_EXPERIENCES_TABLE, tagRows } from './TagExperiences.tsx'
import { TAG_CCU_DEFAULT_SCOPE, TagPage } from './TagPage.tsx'

export interface TagLoaderData {
  readonly tagId: number
  /** The minute the charts' first view ends at (viewNow), as the experience page's loader fixes it. */
  readonly now: number
}

/**
 * The lazy route module. The id must be a database id (else 404); the tag is loaded before the page
 * shows, and an API error (404: no such tag, or one the viewer may not see) reaches the error page with
 * its status.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async ({ params }: LoaderFunctionArgs): Promise<TagLoaderData> => {
      if (!isDatabaseId(params.experienceTagId)) throw new Response('Not Found', { status: 404 })
      const tagId = Number(params.experienceTagId)
      const now = viewNow()
      prefetchChart(queryClient, tagId, now)
      const tag = await queryClient.ensureQueryData(api.tag(tagId))
      // Its table's momentum and first icons: drawn on the server too.
      prefetchExperiencesTable(queryClient, TAG_EXPERIENCES_TABLE, tagRows(tag))
      return { tagId, now }
    },
    Component: TagPage,
  }
}

/** The Average CCU chart's default view starts with the page (as the creator's does); not awaited. */
function prefetchChart(queryClient: QueryClient, tagId: number, now: number): void {
  if (typeof window !== 'undefined' && window.location.hash.length > 1) return
  const start = defaultViewStart(now)
  void queryClient
    .prefetchQuery(
      api.tagStats('ccus', tagId, {
        scope: TAG_CCU_DEFAULT_SCOPE,
        granularity: DEFAULT_GRANULARITY,
        ...(start !== undefined ? { startTime: new Date(start).toISOString() } : {}),
      }),
    )
    .catch(() => undefined)
}
