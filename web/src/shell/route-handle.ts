/** What a route declares for the top bar: its breadcrumb trail (part 1 §2). */
export type Crumb = { label: string; to: string }

export type RouteHandle = {
  /** Crumbs this route adds, in order; the page title follows as the last, unlinked crumb. */
  crumbs?: Crumb[]
  /** The lazy route's source module as the Vite manifest names it, so a server-rendered page can
   * preload its chunk and link its CSS (web/src/entry-server.tsx). */
  module?: string
  /**
   * The page is drawn on the server. Only the public read pages are: a page with a form (sign-in,
   * settings) must not be usable before its JavaScript runs, or a submit would go out as a plain GET.
   */
  serverRender?: boolean
  /**
   * The HTTP status of a server-rendered page this route ends in, when it is not the render's own
   * (200, or a loader's error status): the catch-all draws the overview (part 1 §2) but answers 404,
   * so a mistyped or invented address is not a page to link, cache or index.
   */
  status?: number
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'crumbs' in value && Array.isArray(value.crumbs)
}

/** The trail: every matched route's crumbs, then the page title unless it repeats the last crumb. */
export function breadcrumbTrail(
  handles: readonly unknown[],
  pageTitle: string,
): { label: string; to?: string }[] {
  const trail: { label: string; to?: string }[] = handles.filter(isRouteHandle).flatMap((h) => h.crumbs ?? [])
  const last = trail.at(-1)
  if (pageTitle !== '' && last?.label !== pageTitle) trail.push({ label: pageTitle })
  return trail
}
