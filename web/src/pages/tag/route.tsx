import {
  DEFAULT_GRANULARITY,
  DEFAULT_TAG_TOP_FIVE_GRANULARITY,
  isDatabaseId,
  type PopulatedPlaceTag,
} from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { defaultViewStart, viewNow } from '../../experience/chart-view.ts'
import { prefetchExperiencesTable } from '../experiences/ExperiencesTable.tsx'
import { TAG_EXPERIENCES_TABLE, tagRows } from './TagExperiences.tsx'
import { TAG_CCU_DEFAULT_SCOPE, TagPage } from './TagPage.tsx'
import { topFive } from './tag-summary.ts'

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
      const start = chartsStart(now)
      if (start !== null) prefetchAverages(queryClient, tagId, start)
      const tag = await queryClient.ensureQueryData(api.tag(tagId))
      // Its table's momentum and first icons, and the top five's chart: drawn on the server too.
      prefetchExperiencesTable(queryClient, TAG_EXPERIENCES_TABLE, tagRows(tag))
      if (start !== null) prefetchTopFive(queryClient, tag, start)
      return { tagId, now }
    },
    Component: TagPage,
  }
}

/**
 * Where the charts' default view starts (as useChartView will ask), or null when an anchor link names
 * a view of its own: those charts ask for their data when they mount.
 */
function chartsStart(now: number): { startTime?: string } | null {
  if (typeof window !== 'undefined' && window.location.hash.length > 1) return null
  const start = defaultViewStart(now)
  return start !== undefined ? { startTime: new Date(start).toISOString() } : {}
}

/**
 * The Average CCU (default tab) and Average Playtime charts' default views start with the page, as
 * the creator's chart does, so the server draws them and the hydrated page asks for nothing; not awaited.
 */
function prefetchAverages(queryClient: QueryClient, tagId: number, start: { startTime?: string }): void {
  const views = [
    api.tagStats('ccus', tagId, { scope: TAG_CCU_DEFAULT_SCOPE, granularity: DEFAULT_GRANULARITY, ...start }),
    api.tagStats('playtime', tagId, { granularity: DEFAULT_GRANULARITY, ...start }),
  ]
  for (const view of views) void queryClient.prefetchQuery(view).catch(() => undefined)
}

/** The Top Five CCU chart's default view (weekly), once the tag names its five; not awaited. */
function prefetchTopFive(
  queryClient: QueryClient,
  tag: Pick<PopulatedPlaceTag, 'places'>,
  start: { startTime?: string },
): void {
  const placeIds = topFive(tag.places).map((e) => e.place_id)
  if (placeIds.length === 0) return
  void queryClient
    .prefetchQuery(api.stats('ccus', { placeIds, granularity: DEFAULT_TAG_TOP_FIVE_GRANULARITY, ...start }))
    .catch(() => undefined)
}
