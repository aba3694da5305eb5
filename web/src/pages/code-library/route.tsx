import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { requireAccess } from '../../shell/page-guard.tsx'
import { CodeLibraryPage } from './CodeLibraryPage.tsx'

/** /code-library: holders of VIEW_CODE_LIBRARY (anyone else is sent to /); its address loads first. */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      await requireAccess(queryClient, 'VIEW_CODE_LIBRARY')
      // Awaited: the frame starts loading with the page; a failure is the page's to say.
      await queryClient.prefetchQuery(api.codeLibrary())
      return null
    },
    Component: CodeLibraryPage,
  }
}
