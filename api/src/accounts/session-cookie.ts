import type { Context } from 'koa'

export interface SessionCookieSettings {
  readonly name: string
  readonly maxAgeSeconds: number
  /** Secure cookies when the site is served over https (PUBLIC_URL), or the request came over TLS. */
  readonly secureByDefault: boolean
}

function attributes(settings: SessionCookieSettings, ctx: Context, maxAge: number): string {
  const secure = settings.secureByDefault || ctx.secure
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** The session id in an httpOnly, SameSite=Lax cookie (DESIGN §5). */
export function setSessionCookie(ctx: Context, settings: SessionCookieSettings, sessionId: string): void {
  ctx.append(
    'Set-Cookie',
    `${settings.name}=${sessionId}; ${attributes(settings, ctx, settings.maxAgeSeconds)}`,
  )
}

export function clearSessionCookie(ctx: Context, settings: SessionCookieSettings): void {
  ctx.append('Set-Cookie', `${settings.name}=; ${attributes(settings, ctx, 0)}`)
}

/** The session id the request carries, when it looks like one of ours. */
export function readSessionCookie(ctx: Context, settings: SessionCookieSettings): string | null {
  const value = ctx.cookies.get(settings.name)
  return value && /^[A-Za-z0-9_-]{20,128}$/.test(value) ? value : null
}
