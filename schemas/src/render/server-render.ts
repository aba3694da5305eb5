import { z } from 'zod'

/**
 * The contract between the API process and the web app's server-side render (web/src/entry-server.tsx,
 * built to <staticDir>/_ssr/entry-server.js and loaded by api/src/static/server-render.ts). The two are
 * built separately, so the API checks each result against renderResult before it writes a page.
 */

/** What a page request asks of the render. */
export const renderRequest = z.object({
  /** The page's absolute URL as the browser asked for it (only its path and query matter). */
  url: z.string(),
  /** Where the render reaches the API (loopback). */
  apiOrigin: z.string(),
  /** The page request's Cookie header, forwarded so the API sees the same session. */
  cookie: z.string().optional(),
  /**
   * Headers every API call of the render carries: the API's render pass and the page's client address,
   * so the calls spend that client's rate budget, not the server's own.
   */
  headers: z.record(z.string(), z.string()).optional(),
  /** How long data loading may take before the page is drawn with what has arrived. */
  dataBudgetMs: z.number().nonnegative(),
})
export type RenderRequest = z.infer<typeof renderRequest>

/** What the page's metadata (usePageMeta) puts in the head. */
export const pageHead = z.object({
  /** The document title, '{title} | Ludex'. */
  title: z.string(),
  description: z.string(),
  noIndex: z.boolean(),
})
export type PageHead = z.infer<typeof pageHead>

export const renderResult = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('page'),
    status: z.number().int(),
    /** The app's markup for #root. */
    html: z.string(),
    /** The JSON for the state script (already escaped for an HTML script element). */
    state: z.string(),
    /** Source modules (as in the Vite manifest) of the matched lazy routes: their chunks and CSS. */
    modules: z.array(z.string()).readonly(),
    /** The page's head, or null when no page reported its metadata. */
    head: pageHead.nullable(),
  }),
  /**
   * The page's loader sends the request elsewhere (a staff or members' page asked for by a visitor): the
   * server answers with the redirect itself, so the browser loads the target (server-rendered when it
   * is a public page) instead of the SPA drawing a page only to leave it.
   */
  z.object({
    kind: z.literal('redirect'),
    status: z.number().int().min(300).max(399),
    /** A path of this site ('/', '/sign-in?…'); never another origin. */
    location: z.string().regex(/^\/(?!\/)/, 'must be a path of this site'),
  }),
  /** Not rendered here (an error page, a loader that answered with a Response): the SPA's
   * index.html with this status lets the client do as it always did. */
  z.object({
    kind: z.literal('client'),
    status: z.number().int(),
    /**
     * Whether the page loads the shell's data (the slim list, the creators) that index.html preloads.
     * The account screens have their own frame and never do: their page goes out without those
     * preloads, which the browser would otherwise report as unused.
     */
    shellData: z.boolean().default(true),
  }),
])
export type RenderResult = z.infer<typeof renderResult>

/** What the render module exports. */
export interface ServerRenderModule {
  render(request: RenderRequest): Promise<RenderResult>
}
