import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'koa'

/** The headers a server-side render's API calls carry (api/src/static/server-render.ts). */
export const RENDER_PASS_HEADERS = {
  /** This process's render pass: the calls come from its own render, not from a client. */
  pass: 'X-Ludex-Render-Pass',
  /** The page request's client address, to whose budget the render's calls are charged. */
  client: 'X-Ludex-Render-For',
} as const

/**
 * A server-side render reaches the API over loopback, so every page's calls would come from the
 * server's own address and share one budget between all visitors. The render forwards the page's
 * client address with a pass only this process knows (random per start, never logged or sent out), and
 * the rate limit charges that address instead. Without the pass the header is ignored.
 */
export interface RenderPass {
  /** The headers for a render of the page request `ctx`. */
  headersFor(ctx: Context): Record<string, string>
  /** The client address a render's call stands for; null for any other call. */
  clientOf(ctx: Context): string | null
}

export function createRenderPass(): RenderPass {
  const token = randomBytes(32).toString('base64url')
  const expected = Buffer.from(token)
  return {
    headersFor: (ctx) => ({ [RENDER_PASS_HEADERS.pass]: token, [RENDER_PASS_HEADERS.client]: ctx.ip }),
    clientOf(ctx) {
      const presented = Buffer.from(ctx.get(RENDER_PASS_HEADERS.pass))
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null
      return ctx.get(RENDER_PASS_HEADERS.client) || null
    },
  }
}
