/**
 * The server-side render (DESIGN §6): the API process imports this module's build (web/dist/_ssr) and
 * answers a page request with the first screen already drawn, its data embedded for the client to
 * hydrate. Everything here also runs in the browser build except the transport (transport.server.ts).
 */
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { dehydrate, type Query, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router'
import { ApiRequestError } from './api/client.ts'
import { withServerRequest } from './api/transport.server.ts'
import { createQueryClient } from './app/query-client.ts'
import { createRoutes } from './app/router.tsx'
import { type SsrState, serializeState } from './app/ssr-state.ts'
import { theme } from './app/theme.ts'
import { headOf, type PageMeta, ServerPageMeta } from './shell/page-meta.ts'
import { isRouteHandle } from './shell/route-handle.ts'
import { isShellDataQuery, loadShellData } from './shell/shell-data.ts'

export interface RenderRequest {
  /** The page's absolute URL as the browser asked for it. */
  readonly url: string
  /** Where the render reaches the API (loopback). */
  readonly apiOrigin: string
  readonly cookie: string | undefined
  /** How long data loading may take before the page is drawn with what has arrived. */
  readonly dataBudgetMs: number
}

export type RenderResult =
  | {
      readonly kind: 'page'
      readonly status: number
      /** The app's markup for #root. */
      readonly html: string
      /** The JSON for the state script (already escaped for an HTML script element). */
      readonly state: string
      /** Source modules (as in the Vite manifest) of the matched lazy routes: their chunks and CSS. */
      readonly modules: readonly string[]
      /** The page's title, description and robots choice for the head (usePageMeta). */
      readonly head: ReturnType<typeof headOf> | null
    }
  /** Not rendered here (a redirect, an error page, a loader that answered with a Response): the SPA's
   * index.html with this status lets the client do as it always did. */
  | { readonly kind: 'client'; readonly status: number }

export async function render(request: RenderRequest): Promise<RenderResult> {
  const queryClient = createQueryClient({ server: true })
  const routes = createRoutes(queryClient)
  const page = matchRoutes(routes, new URL(request.url).pathname)?.at(-1)?.route.handle
  if (!isRouteHandle(page) || !page.serverRender) return { kind: 'client', status: 200 }
  const handler = createStaticHandler(routes)
  return withServerRequest({ origin: request.apiOrigin, cookie: request.cookie }, async () => {
    const shellData = loadShellData(queryClient)
    const context = await handler.query(
      new Request(request.url, { headers: request.cookie ? { cookie: request.cookie } : {} }),
    )
    if (context instanceof Response) return { kind: 'client', status: context.status }
    if (context.errors) return { kind: 'client', status: errorStatus(context.errors, context.statusCode) }
    // The loaders awaited what the first screen cannot do without; the rest (prefetches the loaders
    // started, the shell's data) gets a bounded wait so the page is drawn whole when the API is quick.
    await settle([shellData, ...inFlight(queryClient)], request.dataBudgetMs)
    const router = createStaticRouter(handler.dataRoutes, context)
    let meta: PageMeta | null = null
    const html = renderToString(
      <ServerPageMeta.Provider
        value={(m) => {
          meta = m
        }}
      >
        <StrictMode>
          <MantineProvider theme={theme} defaultColorScheme="auto">
            <QueryClientProvider client={queryClient}>
              <Notifications position="top-right" />
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </QueryClientProvider>
          </MantineProvider>
        </StrictMode>
      </ServerPageMeta.Provider>,
    )
    const state: SsrState = {
      // The shell's data is left out: it is large (every tracked experience), the page preloads it, and
      // the client awaits it before hydrating.
      queries: dehydrate(queryClient, {
        shouldDehydrateQuery: (q) => q.state.status === 'success' && !isShellDataQuery(q.queryKey),
      }),
      router: { loaderData: context.loaderData, actionData: context.actionData },
    }
    const modules = context.matches
      .map((m) => m.route.handle)
      .filter(isRouteHandle)
      .flatMap((h) => (h.module ? [h.module] : []))
    queryClient.clear()
    const head = meta === null ? null : headOf(meta)
    const status = pageStatus(context.matches.at(-1)?.route.handle) ?? context.statusCode
    return { kind: 'page', status, html, state: serializeState(state), modules, head }
  })
}

/** The status the matched page declares (the catch-all's 404), if any. */
function pageStatus(handle: unknown): number | undefined {
  return isRouteHandle(handle) ? handle.status : undefined
}

function inFlight(queryClient: QueryClient): Promise<unknown>[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q: Query) => q.state.fetchStatus === 'fetching')
    .map((q: Query) => q.fetch())
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
