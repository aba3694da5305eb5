import { isDatabaseId } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import { type LoaderFunctionArgs, type Params, redirect } from 'react-router'
import { deniedTarget, mayOpen, type PageAccess } from '../../shell/page-access.ts'
import type { Crumb, RouteHandle } from '../../shell/route-handle.ts'
import { restoreSession } from '../../shell/session.ts'
import { ComingSoonPage } from './ComingSoonPage.tsx'

export interface ComingSoonSpec {
  /**
   * The page's title ('{title} | Ludex'); for a detail page a function of the route's parameters,
   * returning null when they name nothing (a 404, as the real page will answer).
   */
  readonly title: string | ((params: Params) => string | null)
  readonly crumbs?: readonly Crumb[]
  readonly access?: PageAccess
  /** Route parameters that must be database ids (part 2 §5), else 404. */
  readonly ids?: readonly string[]
  /** Staff tools ask for no-index (part 1 §2). */
  readonly noIndex?: boolean
}

export interface ComingSoonData {
  readonly title: string
  readonly access: PageAccess
  readonly noIndex: boolean
}

/**
 * A route of part 2 whose page is not built yet (part 2 §2.1): a placeholder with the page's own title
 * and breadcrumb, a sentence that it is coming, and links to what exists, under the rules the real page
 * will keep (access, id checks, 404s). Used as `{ path, ...comingSoon(queryClient, spec) }`: one line
 * in the router that the real page's entry replaces. Public placeholders are drawn on the server like
 * the other public pages, so a bad id answers 404 before any JavaScript runs.
 */
export function comingSoon(queryClient: QueryClient, spec: ComingSoonSpec) {
  const access = spec.access ?? 'open'
  const handle: RouteHandle = {
    crumbs: [...(spec.crumbs ?? [])],
    // A page behind a sign-in redirects in its loader: that is the browser's to do.
    serverRender: access === 'open',
  }
  return {
    handle,
    loader: async ({ params }: LoaderFunctionArgs): Promise<ComingSoonData> => {
      if (access !== 'open' && !mayOpen(await restoreSession(queryClient), access)) {
        throw redirect(deniedTarget(access))
      }
      if ((spec.ids ?? []).some((name) => !isDatabaseId(params[name]))) throw notFound()
      const title = typeof spec.title === 'string' ? spec.title : spec.title(params)
      if (title === null) throw notFound()
      return { title, access, noIndex: spec.noIndex ?? false }
    },
    Component: ComingSoonPage,
  }
}

const notFound = () => new Response('Not Found', { status: 404 })
