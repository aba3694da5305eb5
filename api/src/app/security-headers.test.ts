import Koa from 'koa'
import { afterAll, describe, expect, it } from 'vitest'
import { securityHeaders } from './request-context.ts'
import { listen, type RunningServer } from './server.ts'

const directives = (csp: string | null) =>
  new Map((csp ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const))

describe('security headers', () => {
  const servers: RunningServer[] = []
  const headersOf = async (googleSignIn: boolean) => {
    const app = new Koa()
    app.use(securityHeaders({ googleSignIn }))
    app.use((ctx) => {
      ctx.body = 'ok'
    })
    const server = await listen(app, '127.0.0.1', 0)
    servers.push(server)
    return (await fetch(server.url)).headers
  }
  afterAll(async () => {
    for (const s of servers) await s.close()
  })

  it('lets nothing from outside run without Google sign-in', async () => {
    const headers = await headersOf(false)
    const csp = directives(headers.get('content-security-policy'))
    expect(csp.get('script-src')).toEqual(["'self'"])
    expect(csp.get('connect-src')).toEqual(["'self'"])
    expect(csp.has('frame-src')).toBe(false)
    expect(headers.get('content-security-policy')).not.toContain('google')
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin')
  })

  it('adds only Google Identity Services’ script, frame, styles and calls with Google sign-in', async () => {
    const headers = await headersOf(true)
    const csp = directives(headers.get('content-security-policy'))
    expect(csp.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client'])
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/'])
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/'])
    expect(csp.get('style-src')).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://accounts.google.com/gsi/style',
    ])
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    // The account chooser popup reports back to this page.
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
    expect(headers.get('x-frame-options')).toBe('DENY')
  })
})
