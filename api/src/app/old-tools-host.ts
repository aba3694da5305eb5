import type { Middleware } from 'koa'

/**
 * A request to an old tools host (part 2 §2.1: "If the host is an old tools host, the browser is
 * redirected to the main product site") goes to the same path and query on the site, 301 so that
 * browsers and search engines remember the move. First in the app: nothing else runs for such a host.
 * Host names compare without the port, case-insensitively (OLD_TOOLS_HOSTS is lower-cased). With
 * TRUST_PROXY, the host a proxy forwarded (X-Forwarded-Host) is the one compared, as Koa reads it.
 */
export function oldToolsHostRedirect(options: {
  readonly hosts: readonly string[]
  /** The site's address (PUBLIC_URL), without a trailing slash. */
  readonly siteUrl: string
}): Middleware {
  const hosts = new Set(options.hosts.map((h) => h.toLowerCase()))
  const site = new URL(options.siteUrl)
  // The site's own host is never redirected, whatever the list says (a loop otherwise).
  hosts.delete(site.hostname.toLowerCase())
  return async (ctx, next) => {
    if (hosts.size === 0 || !hosts.has(ctx.hostname.toLowerCase())) return next()
    const target = new URL(ctx.originalUrl, site)
    // originalUrl is a path from the request line; a scheme-relative `//evil` must stay a path here.
    target.protocol = site.protocol
    target.host = site.host
    ctx.status = 301
    ctx.set('Cache-Control', 'public, max-age=86400')
    ctx.redirect(target.href)
  }
}
