import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { ExperiencesPage } from './ExperiencesPage.tsx'

/**
 * The lazy route module. The slim list is the shell's (loaded once, refreshed after 10 minutes); the
 * page never waits for it, and shows its loading state until it is there.
 */
export function route(_queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return { Component: ExperiencesPage }
}
