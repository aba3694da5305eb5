/**
 * The server-side render (DESIGN §6): the API process imports this module's build (web/dist/_ssr) and
 * answers a page request with the first screen already drawn, its data embedded for the client to
 * hydrate. Everything here also runs in the browser build except the transport (transport.server.ts).
 */
import type { RenderRequest, RenderResult } from '@ludex/schemas'
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router'
import { noAnalytics } from './analytics/sink.ts'
import { ApiRequestError } from './api/client.ts'
import { withServerRequest } from './api/transport.server.ts'
import { AppProviders } from './app/AppProviders.tsx'
import { createQueryClient } from './app/query-client.ts'
import { createRoutes, SHELL_ROUTE_ID } from './app/router.tsx'
import { type SsrState, serializeState } from './app/ssr-state.ts'
import { createConsentStore } from './consent/consent.ts'
import { createPageMetaStore, headOf, type PageMetaStore } from './shell/page-meta.ts'
import { isRouteHandle } from './shell/route-handle.ts'
import { loadShellData } from './shell/shell-data.ts'

/**
 * One page request. Everything it collects (the query cache, the page's metadata, the cookie the API
 * calls carry) belongs to this call and is dropped with it: the module holds no state, it schedules no
 * retry, and what is still loading when it returns is cancelled.
 */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const queryClient = createQueryClient({ server: true })
  const pageMeta = createPageMetaStore({ server: true })
  // One attempt at the shell's data: the browser retries what failed here (its loader, main.tsx).
  const routes = createRoutes(queryClient, { loadShellData: () => loadShellData(queryClient) })
  const matches = matchRoutes(routes, new URL(request.url).pathname) ?? []
  // The account screens are outside the shell: their page needs none of the shell's data.
  const shellData = matches.some((m) => m.route.id === SHELL_ROUTE_ID)
  const page = matches.at(-1)?.route.handle
  const handler = createStaticHandler(routes)
  const serverRequest = { origin: request.apiOrigin, cookie: request.cookie, headers: request.headers }
  if (!isRouteHandle(page) || !page.serverRender) {
    // A page drawn in the browser, asked for by a visitor (no cookie: no session): its own loader runs
    // here alone, so a page that sends visitors elsewhere (the staff tools, the members' pages) is a
    // redirect from the server rather than the app drawn in the browser only to leave.
    if (request.cookie === undefined && isRouteHandle(page)) {
      const redirect = await withServerRequest(serverRequest, async () => {
        try {
          return redirectOf(
            await handler.query(pageRequest(request), {
              filterMatchesToLoad: (m) => m.route.handle === page,
            }),
          )
        } finally {
          queryClient.clear()
        }
      })
      if (redirect) return redirect
    }
    return { kind: 'client', status: 200, shellData }
  }
  return withServerRequest(serverRequest, async () => {
    try {
      return await renderPage(request, handler, queryClient, pageMeta)
    } finally {
      // Cancels what is still loading (the queries' signals abort their requests) and drops the cache.
      queryClient.clear()
    }
  })
}

/** The request the router's handler sees: the page's address and its cookie. */
function pageRequest(request: RenderRequest): Request {
  return new Request(request.url, { headers: request.cookie ? { cookie: request.cookie } : {} })
}

/** A loader's redirect to a path of this site, as the server's answer; null for anything else. */
function redirectOf(
  context: Awaited<ReturnType<ReturnType<typeof createStaticHandler>['query']>>,
): RenderResult | null {
  if (!(context instanceof Response) || context.status < 300 || context.status > 399) return null
  const location = context.headers.get('Location')
  return location?.startsWith('/') && !location.startsWith('//')
    ? { kind: 'redirect', status: context.status, location }
    : null
}

async function renderPage(
  request: RenderRequest,
  handler: ReturnType<typeof createStaticHandler>,
  queryClient: QueryClient,
  pageMeta: PageMetaStore,
): Promise<RenderResult> {
  const shellData = loadShellData(queryClient)
  const context = await handler.query(pageRequest(request))
  if (context instanceof Response) {
    return redirectOf(context) ?? { kind: 'client', status: context.status, shellData: true }
  }
  if (context.errors) {
    return { kind: 'client', status: errorStatus(context.errors, context.statusCode), shellData: true }
  }
  // The loaders awaited what the first screen cannot do without; the rest (prefetches the loaders
  // started, the shell's data) gets a bounded wait so the page is drawn whole when the API is quick.
  await settleAll(queryClient, shellData, request.dataBudgetMs)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <AppProviders
      queryClient={queryClient}
      pageMeta={pageMeta}
      analytics={noAnalytics}
      // The prompt shows when the request carried no stored choice; a render never stores one.
      consent={createConsentStore(request.cookie ?? '', () => {})}
    >
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  )
  const state: SsrState = {
    // The shell's data (the tag list, small) comes with the page, so the client hydrates without
    // asking for it again; nothing the shell loads grows with the platform (issue 19 point 4).
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' }),
    router: { loaderData: context.loaderData, actionData: context.actionData },
  }
  const modules = context.matches
    .map((m) => m.route.handle)
    .filter(isRouteHandle)
    .flatMap((h) => (h.module ? [h.module] : []))
  const meta = pageMeta.current()
  const head = meta === null ? null : headOf(meta)
  const status = pageStatus(context.matches.at(-1)?.route.handle) ?? context.statusCode
  return { kind: 'page', status, html, state: serializeState(state), modules, head }
}

/**
 * What is loading. Each promise is handled here: a query still loading when the render ends is
 * cancelled (its promise rejects), which must never be an unhandled rejection of the API's process.
 */
function inFlight(queryClient: QueryClient): Promise<unknown>[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q: Query) => q.state.fetchStatus === 'fetching')
    .map((q: Query) => q.fetch().catch(() => undefined))
}

/**
 * Waits for the shell's data and what is loading, then for what those answers started in turn (the
 * names of the experiences a Top 100 table lists are looked up once it answers), all within one budget.
 */
async function settleAll(
  queryClient: QueryClient,
  shellData: Promise<unknown>,
  budgetMs: number,
): Promise<void> {
  const deadline = Date.now() + budgetMs
  let pending: Promise<unknown>[] = [shellData, ...inFlight(queryClient)]
  while (pending.length > 0) {
    await settle(pending, deadline - Date.now())
    if (Date.now() >= deadline) return
    pending = inFlight(queryClient)
  }
}

async function settle(promises: Promise<unknown>[], budgetMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    Promise.allSettled(promises),
    new Promise((resolve) => {
      timer = setTimeout(resolve, budgetMs)
    }),
  ])
  clearTimeout(timer)
}

/** The status of a page that failed: a loader's Response, or the API's answer (an unknown experience
 * is the API's 404), else the router's. */
function errorStatus(errors: Record<string, unknown>, fallback: number): number {
  for (const error of Object.values(errors)) {
    if (isRouteErrorResponse(error)) return error.status
    if (error instanceof ApiRequestError && error.status >= 400) return error.status
  }
  return fallback
}

/** The status the matched page declares (the catch-all's 404), if any. */
function pageStatus(handle: unknown): number | undefined {
  return isRouteHandle(handle) ? handle.status : undefined
}
