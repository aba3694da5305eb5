import { isDatabaseId } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import type { PageAccess } from '../../shell/page-access.ts'
import { requireAccess } from '../../shell/page-guard.tsx'
import { ComingSoonPage } from './ComingSoonPage.tsx'
import type { ComingSoonSpec } from './coming-soon.ts'

export interface ComingSoonData {
  readonly title: string
  readonly access: PageAccess
  readonly noIndex: boolean
}

/** The lazy route module of a placeholder: its rules in the loader, then the page. */
export function route(
  queryClient: QueryClient,
  spec: ComingSoonSpec,
): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  const access = spec.access ?? 'open'
  return {
    loader: async ({ params }: LoaderFunctionArgs): Promise<ComingSoonData> => {
      await requireAccess(queryClient, access)
      if ((spec.ids ?? []).some((name) => !isDatabaseId(params[name]))) throw notFound()
      const title = typeof spec.title === 'string' ? spec.title : spec.title(params)
      if (title === null) throw notFound()
      return { title, access, noIndex: spec.noIndex ?? false }
    },
    Component: ComingSoonPage,
  }
}

const notFound = () => new Response('Not Found', { status: 404 })
