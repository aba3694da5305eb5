import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { loadPreferences } from '../../account/preferences.ts'
import { api } from '../../api/queries.ts'
import { restoreSession } from '../../shell/session.ts'
import { loadedPageSize } from '../../ui/table/page-size.ts'
import { ExperiencesPage } from './ExperiencesPage.tsx'
import { EXPERIENCES_INITIAL_SORT, prefetchPagedExperiencesTable } from './ExperiencesTable.tsx'
import { EXPERIENCES_TABLE_ID, listRequest } from './list-request.ts'

/**
 * The lazy route module. The loader asks for the list's first page by rank, as the page asks for it
 * without a hash (a server render sees none; a search or tag in the hash is drawn in the browser), at
 * the signed-in user's remembered page size, so a server-rendered page is drawn with its rows. A
 * failure is the page's to show (its empty state), never an error page.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      if ((await restoreSession(queryClient)).kind === 'user') await loadPreferences(queryClient)
      const view = {
        sorting: EXPERIENCES_INITIAL_SORT,
        pageIndex: 0,
        pageSize: loadedPageSize(queryClient, EXPERIENCES_TABLE_ID),
      }
      const page = await queryClient
        .ensureQueryData(api.experienceList(listRequest(view, '', null)))
        .catch(() => undefined)
      // The page's momentum and icons: drawn on the server too (not awaited).
      if (page) prefetchPagedExperiencesTable(queryClient, page.items)
      return null
    },
    Component: ExperiencesPage,
  }
}
