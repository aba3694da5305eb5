import type { QueryClient } from '@tanstack/react-query'
import { type LazyRouteFunction, type RouteObject, redirect } from 'react-router'
import { api } from '../../api/queries.ts'
import { restoreSession } from '../../shell/session.ts'
import { hasPermission } from '../../shell/viewer.ts'
import { EventCredentialsPage } from './EventCredentialsPage.tsx'

/**
 * The lazy route module of /event-credentials: permission EDIT_GAME_CREDENTIALS, else the user is sent
 * to / (part 2 §2.1, as the other staff tools); the credentials load before the page shows, the event
 * counts alongside (the chart has its spinner).
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      if (!hasPermission(await restoreSession(queryClient), 'EDIT_GAME_CREDENTIALS')) throw redirect('/')
      void queryClient.prefetchQuery(api.eventStats())
      await queryClient.ensureQueryData(api.gameCredentials())
      return null
    },
    Component: EventCredentialsPage,
  }
}
