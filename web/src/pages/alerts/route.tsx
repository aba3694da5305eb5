import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { api } from '../../api/queries.ts'
import { restoreSession } from '../../shell/session.ts'
import { AlertsPage } from './AlertsPage.tsx'

/**
 * The lazy route module of /alerts (signed in; a visitor is asked to sign in): the alerts and their
 * deliveries start loading before the page shows.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      const session = await restoreSession(queryClient)
      if (session.kind === 'user') {
        void queryClient.prefetchQuery(api.alerts())
        void queryClient.prefetchQuery(api.alertDeliveries())
      }
      return null
    },
    Component: AlertsPage,
  }
}
