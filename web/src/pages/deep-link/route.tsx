import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { requireAccess } from '../../shell/page-guard.tsx'
import { DeepLinkPage } from './DeepLinkPage.tsx'

/** /deep-link: editors and admins (anyone else is sent to /). */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      await requireAccess(queryClient, 'staff')
      return null
    },
    Component: DeepLinkPage,
  }
}
