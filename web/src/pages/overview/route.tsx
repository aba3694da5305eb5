import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { OverviewPage } from './OverviewPage.tsx'

/** The lazy route module: loader (ensureQueryData) and component. */
export function route(_queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return { Component: OverviewPage }
}
