import type { QueryClient } from '@tanstack/react-query'
import type { Params } from 'react-router'
import type { PageAccess } from '../../shell/page-access.ts'
import type { Crumb, RouteHandle } from '../../shell/route-handle.ts'

/** The placeholder's lazy route module, as the Vite manifest names it. */
export const COMING_SOON_MODULE = 'src/pages/coming-soon/route.tsx'

export interface ComingSoonSpec {
  /**
   * The page's title ('{title} | Ludex'); for a detail page a function of the route's parameters,
   * null when they name nothing: a 404, as the real page will answer.
   */
  readonly title: string | ((params: Params) => string | null)
  readonly crumbs?: readonly Crumb[]
  readonly access?: PageAccess
  /** Route parameters that must be database ids (part 2 §5), else 404. */
  readonly ids?: readonly string[]
  /** Staff tools ask for no-index (part 1 §2). */
  readonly noIndex?: boolean
}

/**
 * A route of part 2 whose page is not built yet (part 2 §2.1): a placeholder with the page's own title
 * and breadcrumb, a sentence that it is coming, and links to what exists, under the rules the real page
 * will keep (access, id checks, 404s). Used as `{ path, ...comingSoon(queryClient, spec) }`: one entry
 * in the router that the real page's replaces. A lazy route module like the real pages, so the first
 * load carries none of it. Public placeholders are drawn on the server like the other public pages, so
 * a bad id answers 404 before any JavaScript runs.
 */
export function comingSoon(queryClient: QueryClient, spec: ComingSoonSpec) {
  const handle: RouteHandle = {
    crumbs: [...(spec.crumbs ?? [])],
    module: COMING_SOON_MODULE,
    // A page behind a sign-in redirects in its loader: that is the browser's to do.
    serverRender: (spec.access ?? 'open') === 'open',
  }
  return {
    handle,
    lazy: () => import('./route.tsx').then((m) => m.route(queryClient, spec)),
  }
}
