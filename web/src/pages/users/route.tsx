import type { QueryClient } from '@tanstack/react-query'
import { type LazyRouteFunction, type RouteObject, redirect } from 'react-router'
import { api } from '../../api/queries.ts'
import { restoreSession } from '../../shell/session.ts'
import { hasPermission } from '../../shell/viewer.ts'
import { UsersPage } from './UsersPage.tsx'

/**
 * The lazy route module of /users: permission LIST_USERS, else the user is sent to / (part 2 §2.1);
 * the user list is loaded on entry.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      if (!hasPermission(await restoreSession(queryClient), 'LIST_USERS')) throw redirect('/')
      await queryClient.ensureQueryData(api.users())
      return null
    },
    Component: UsersPage,
  }
}
