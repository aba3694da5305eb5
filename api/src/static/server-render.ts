import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  escapeMarkup,
  type PageHead,
  renderResult,
  type ServerRenderModule,
  SSR_STATE_ELEMENT_ID,
} from '@ludex/schemas'
import type { Context } from 'koa'
import type { Logger } from 'pino'

interface ManifestChunk {
  readonly file: string
  readonly css?: readonly string[]
  readonly imports?: readonly string[]
  readonly isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

/** A page as it goes out: the status and the HTML, or a redirect to a path of this site. */
export type RenderedPage =
  | { readonly status: number; readonly html: string; readonly location?: undefined }
  | { readonly status: number; readonly location: string }

export interface ServerRenderOptions {
  /** How long the page's data may take before it is drawn with what has arrived (then the client loads the rest). */
  readonly dataBudgetMs?: number
  /** After this the render is abandoned and the SPA's index.html goes out instead. */
  readonly timeoutMs?: number
  /** Headers every API call of the render carries (the render pass: charged to the page's client). */
  readonly forwardHeaders?: (ctx: Context) => Record<string, string>
}

/** The markers in web/index.html around what a server render replaces (the start-up spinner). */
const OUTLET = /<!--ssr-outlet-->[\s\S]*<!--\/ssr-outlet-->/
const SESSION_PATH = '/api/auth/session'
const SESSION_PRELOAD = /\s*<link rel="preload" href="\/api\/auth\/session"[^>]*>/
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g
const DATA_PRELOAD = /\s*<link rel="preload" href="(\/api\/[^"]+)" as="fetch" crossorigin \/>/g

/**
 * The first frame waits until the page has been parsed whole (Chromium: `rel=expect`; other browsers
 * ignore it and paint as they parse). A long page's HTML arrives in one response but is parsed in
 * slices, and a frame between two slices draws the shell and a part of the page, then lays out and
 * paints everything again: on a phone each of those passes is a task of 100 ms and more while the
 * reader waits for the same page. The stylesheets already block the first frame; this holds it until
 * the page's state, the element right after the root (Chromium lets a frame go once the element named
 * is inserted, not once its end is parsed: naming the root itself would hold nothing).
 */
const WHOLE_PAGE_FIRST = `<link rel="expect" href="#${SSR_STATE_ELEMENT_ID}" blocking="render">`

/**
 * The server-side render of the SPA's pages (DESIGN §6): the first screen is in the HTML, with the data
 * it was drawn from, so it paints before any JavaScript has run and the client hydrates it. A build
 * without the render (or any failure, or a render slower than its timeout) answers with the plain
 * index.html: the page then loads as a client-rendered app, never as an error.
 */
export async function loadServerRender(
  rootDir: string,
  logger: Logger,
  options: ServerRenderOptions = {},
): Promise<((ctx: Context, indexHtml: string) => Promise<RenderedPage>) | null> {
  const entry = join(rootDir, '_ssr', 'entry-server.js')
  if (!(await stat(entry).catch(() => null))?.isFile()) return null
  let mod: ServerRenderModule
  let manifest: Manifest
  try {
    // Its exports are checked where it matters: every result goes through renderResult below.
    mod = (await import(pathToFileURL(entry).href)) as ServerRenderModule
    manifest = JSON.parse(await readFile(join(rootDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
  } catch (err) {
    logger.warn({ err }, 'the server-side render could not be loaded; pages are client-rendered')
    return null
  }
  const dataBudgetMs = options.dataBudgetMs ?? 1_500
  const timeoutMs = options.timeoutMs ?? 5_000

  return async (ctx, indexHtml) => {
    const socket = ctx.req.socket
    const host = socket.localAddress?.includes(':') ? `[${socket.localAddress}]` : socket.localAddress
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      const answer = await Promise.race([
        mod.render({
          // Only the path and query matter to the router; the host header is not trusted for anything.
          url: `http://localhost${ctx.originalUrl}`,
          apiOrigin: `http://${host}:${socket.localPort}`,
          cookie: ctx.get('cookie') || undefined,
          ...(options.forwardHeaders && { headers: options.forwardHeaders(ctx) }),
          dataBudgetMs,
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no page after ${timeoutMs} ms`)), timeoutMs)
        }),
      ])
      // The bundle is built apart from this process: a result of another shape is a failed render.
      const result = renderResult.parse(answer)
      if (result.kind === 'redirect') return { status: result.status, location: result.location }
      if (result.kind === 'client') {
        return { status: result.status, html: result.shellData ? indexHtml : withoutShellData(indexHtml) }
      }
      const assets = routeAssets(manifest, result.modules)
      const html = afterPaint(withHead(indexHtml.replace(SESSION_PRELOAD, ''), result.head), assets.modules)
        .replace('</head>', `${assets.stylesheets}${WHOLE_PAGE_FIRST}</head>`)
        .replace(OUTLET, () => result.html)
        .replace(
          '</body>',
          () =>
            `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${result.state}</script></body>`,
        )
      return { status: result.status, html }
    } catch (err) {
      logger.warn({ err, path: ctx.path }, 'server-side render failed; the page is client-rendered')
      return { status: 200, html: indexHtml }
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * The page is drawn by its HTML and stylesheets alone, so the JavaScript and the data preloads move out
 * of the head into after-paint.js (web/public), which requests them once the page has painted.
 */
export function afterPaint(indexHtml: string, routeModules: readonly string[]): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1]
  if (!entry) return indexHtml
  const modules = [...indexHtml.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)
  const data = [...indexHtml.matchAll(DATA_PRELOAD)].map((m) => m[1]!)
  const attr = (values: readonly string[]) => escapeMarkup(values.join(' '))
  const loader = `<script defer src="/after-paint.js" data-entry="${escapeMarkup(entry)}" data-modules="${attr([...modules, ...routeModules])}" data-fetch="${attr(data)}"></script>`
  return indexHtml
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(DATA_PRELOAD, '')
    .replace('</head>', `${loader}</head>`)
}

/** index.html without the preloads of the shell's data; the session's stays (every page restores it). */
export function withoutShellData(indexHtml: string): string {
  return indexHtml.replace(DATA_PRELOAD, (link, href: string) => (href === SESSION_PATH ? link : ''))
}

/**
 * The page's title, description and robots choice in index.html's head, as the app's usePageMeta sets
 * them in the browser: link previews and crawlers read them without running the app.
 */
export function withHead(indexHtml: string, head: PageHead | null): string {
  if (!head) return indexHtml
  const title = escapeMarkup(head.title)
  const description = escapeMarkup(head.description)
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
      () =>
        `<meta name="description" content="${description}" /><meta property="og:description" content="${description}" />`,
    )
    .replace(
      /<meta property="og:title" content="[^"]*"\s*\/>/,
      () => `<meta property="og:title" content="${title}" />`,
    )
    .replace('</head>', () =>
      head.noIndex ? '<meta name="robots" content="noindex, nofollow" /></head>' : '</head>',
    )
}

/** The stylesheets and module preloads of the matched routes' chunks (and their static imports). */
export function routeAssets(
  manifest: Manifest,
  modules: readonly string[],
): { stylesheets: string; modules: string[] } {
  const css = new Set<string>()
  const js = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    js.add(chunk.file)
    for (const c of chunk.css ?? []) css.add(c)
    for (const i of chunk.imports ?? []) visit(i)
  }
  // The entry and its static imports are in index.html already.
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  const inIndex = new Set(js)
  const inIndexCss = new Set(css)
  for (const m of modules) visit(m)
  for (const f of inIndex) js.delete(f)
  for (const f of inIndexCss) css.delete(f)
  return {
    stylesheets: [...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`).join(''),
    modules: [...js].map((f) => `/${f}`),
  }
}
