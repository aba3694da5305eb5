import Koa from 'koa'
import { afterAll, describe, expect, it } from 'vitest'
import { securityHeaders } from './request-context.ts'
import { listen, type RunningServer } from './server.ts'

const directives = (csp: string | null) =>
  new Map((csp ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const))

describe('security headers', () => {
  const servers: RunningServer[] = []
  const headersOf = async (
    googleSignIn: boolean,
    strictTransportSecurity = false,
    codeLibraryOrigin?: string,
  ) => {
    const app = new Koa()
    app.use(
      securityHeaders({
        googleSignIn,
        strictTransportSecurity,
        ...(codeLibraryOrigin && { codeLibraryOrigin }),
      }),
    )
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

  it('lets the app frame the code library’s origin only, and nothing else from outside', async () => {
    const origin = 'https://library.example.com'
    const alone = directives((await headersOf(false, false, origin)).get('content-security-policy'))
    expect(alone.get('frame-src')).toEqual(["'self'", origin])
    // Framing opens nothing else: scripts, calls and styles stay the site's own.
    expect(alone.get('script-src')).toEqual(["'self'"])
    expect(alone.get('connect-src')).toEqual(["'self'"])
    expect(alone.get('frame-ancestors')).toEqual(["'none'"])
    const withGoogle = directives((await headersOf(true, false, origin)).get('content-security-policy'))
    expect(withGoogle.get('frame-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/', origin])
  })

  it('keeps <base>, form targets and plugins to nothing or the site, with or without Google', async () => {
    for (const google of [false, true]) {
      const csp = directives((await headersOf(google)).get('content-security-policy'))
      expect(csp.get('base-uri')).toEqual(["'none'"])
      expect(csp.get('form-action')).toEqual(["'self'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
    }
  })

  it('turns off the browser features the app never uses', async () => {
    const policy = (await headersOf(false)).get('permissions-policy') ?? ''
    const features = new Map(policy.split(', ').map((f) => f.split('=') as [string, string]))
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
      expect(features.get(feature), feature).toBe('()')
    }
    // Copying ids to the clipboard is a feature of the app (part 1): left to the browser's default.
    expect(features.has('clipboard-write')).toBe(false)
  })

  it('sends HSTS only for a site served over https', async () => {
    expect((await headersOf(false, false)).get('strict-transport-security')).toBeNull()
    const hsts = (await headersOf(false, true)).get('strict-transport-security') ?? ''
    expect(hsts).toMatch(/^max-age=(\d+); includeSubDomains$/)
    // At least a year, as browsers' preload rules and scanners expect.
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000)
  })
})
