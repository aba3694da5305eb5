import type { Context } from 'koa'

/**
 * Who is asking. Until accounts exist every request is a visitor; the accounts issue resolves a session
 * cookie into a signed-in viewer here, and every route reads only this.
 */
export type Viewer = { readonly kind: 'visitor' } | { readonly kind: 'user'; readonly userId: number }

export type ViewerResolver = (ctx: Context) => Promise<Viewer>

export const visitorsOnly: ViewerResolver = async () => ({ kind: 'visitor' })
