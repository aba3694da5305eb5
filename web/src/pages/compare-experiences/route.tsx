import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { CompareGuard } from '../../compare/CompareGuard.tsx'
import { compareLoader } from '../../compare/route-access.ts'
import { CompareExperiencesPage } from './CompareExperiencesPage.tsx'

function GuardedPage() {
  return (
    <CompareGuard>
      <CompareExperiencesPage />
    </CompareGuard>
  )
}

/** The lazy route module: signed-in users only (a visitor is sent to /overview by the loader). */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return { loader: () => compareLoader(queryClient), Component: GuardedPage }
}
