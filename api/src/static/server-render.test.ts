import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Koa from 'koa'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen, type RunningServer } from '../app/server.ts'
import { spaStatic } from './spa-static.ts'

// A web build as Vite writes it (index.html with the outlet markers, the manifest) whose render
// module answers by path, so the page assembly around the web app's render is checked here; the real
// render is exercised by the e2e suite (test/e2e/server-render.spec.ts).
const INDEX = `<!doctype html><html><head>
    <title>Ludex</title>
    <meta
      name="description"
      content="Statistics for Roblox experiences."
    />
    <meta property="og:title" content="Ludex" />
    <link rel="preload" href="/api/auth/session" as="fetch" crossorigin />
    <link rel="preload" href="/api/place?slim" as="fetch" crossorigin />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
</head><body><div id="root"><!--ssr-outlet--><div class="boot">spinner</div><!--/ssr-outlet--></div></body></html>`

const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index-1.css'],
  },
  '_react.js': { file: 'assets/react-1.js' },
  'src/pages/overview/route.tsx': {
    file: 'assets/route-1.js',
    imports: ['_react.js', '_table.js'],
    css: ['assets/route-1.css'],
  },
  '_table.js': { file: 'assets/table-1.js', css: ['assets/table-1.css'] },
}

const RENDER_MODULE = `
export async function render(request) {
  const path = new URL(request.url).pathname
  if (path === '/slow') await new Promise((r) => setTimeout(r, 2000))
  if (path === '/broken') throw new Error('render failed')
  if (path === '/missing') return { kind: 'client', status: 404 }
  if (path === '/sign-in') return { kind: 'client', status: 200, shellData: false }
  if (path === '/staff-only') return { kind: 'redirect', status: 302, location: '/sign-in?next=%2Fstaff-only' }
  // A render may never send the browser to another site.
  if (path === '/elsewhere') return { kind: 'redirect', status: 302, location: '//evil.example/' }
  // A bundle of another version: no state for the client to hydrate from.
  if (path === '/malformed') return { kind: 'page', status: 200, html: '<main>old</main>', modules: [], head: null }
  return {
    kind: 'page',
    status: 200,
    html: '<main>drawn on the server for ' + JSON.stringify(request.cookie ?? null) + ' via ' + request.apiOrigin + '</main>',
    state: '{"queries":{"queries":[],"mutations":[]},"router":{"loaderData":{}}}',
    modules: ['src/pages/overview/route.tsx'],
    head: { title: 'Tom & "Jerry" <Obby> | Ludex', description: 'Players online of Tom & Jerry.', noIndex: path === '/hidden' },
  }
}`

describe('server-side rendered pages', () => {
  let server: RunningServer
  beforeAll(async () => {
    const dist = await mkdtemp(join(tmpdir(), 'ludex-ssr-'))
    await mkdir(join(dist, '.vite'))
    await mkdir(join(dist, '_ssr'))
    await writeFile(join(dist, 'index.html'), INDEX)
    await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
    await writeFile(join(dist, '_ssr', 'entry-server.js'), RENDER_MODULE)
    const app = new Koa()
    app.use(spaStatic(dist, { serverRender: { logger: pino({ level: 'silent' }), timeoutMs: 500 } }))
    server = await listen(app, '127.0.0.1', 0)
  })
  afterAll(() => server.close())

  it('puts the rendered page in #root and its state before </body>, with the route assets', async () => {
    const res = await fetch(`${server.url}/overview`, { headers: { cookie: 'ludex_session=abc' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    expect(res.headers.get('vary')).toContain('Cookie')
    const html = await res.text()
    // The render saw the visitor's cookie and reached the API on loopback, where this server listens.
    expect(html).toContain(
      `<div id="root"><main>drawn on the server for "ludex_session=abc" via ${server.url}</main></div>`,
    )
    expect(html).not.toContain('spinner')
    expect(html).toMatch(
      /<script type="application\/json" id="ludex-ssr-state">\{"queries"[^<]*<\/script><\/body>/,
    )
    // The route's stylesheets (its own and its imports') are linked; the entry's is not repeated.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/route-1.css">')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/table-1.css">')
    expect(html.match(/index-1\.css/g)).toHaveLength(1)
    // The first frame waits for the state, parsed after the whole root: no frame of half a page.
    expect(html).toMatch(/<link rel="expect" href="#ludex-ssr-state" blocking="render"><\/head>/)
    // The JavaScript and the data preloads wait for the first paint; the session is in the state.
    expect(html).not.toContain('<script type="module"')
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).not.toContain('/api/auth/session')
    const loader = /<script defer src="\/after-paint\.js" ([^>]*)><\/script>/.exec(html)?.[1]
    expect(loader).toContain('data-entry="/assets/index-1.js"')
    expect(loader).toContain('data-modules="/assets/react-1.js /assets/route-1.js /assets/table-1.js"')
    expect(loader).toContain('data-fetch="/api/place?slim"')
  })

  it("carries the page's title and description in the head, escaped", async () => {
    const html = await (await fetch(`${server.url}/overview`)).text()
    expect(html).toContain('<title>Tom &amp; &#34;Jerry&#34; &lt;Obby&gt; | Ludex</title>')
    expect(html).toContain(
      '<meta property="og:title" content="Tom &amp; &#34;Jerry&#34; &lt;Obby&gt; | Ludex" />',
    )
    expect(html).toContain('<meta name="description" content="Players online of Tom &amp; Jerry." />')
    expect(html).toContain('<meta property="og:description" content="Players online of Tom &amp; Jerry." />')
    expect(html).not.toContain('Statistics for Roblox experiences.')
    expect(html).not.toContain('name="robots"')
    const hidden = await (await fetch(`${server.url}/hidden`)).text()
    expect(hidden).toContain('<meta name="robots" content="noindex, nofollow" />')
  })

  it("answers with index.html and the render's status when the page is the client's to draw", async () => {
    const res = await fetch(`${server.url}/missing`)
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(html).toContain('spinner')
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js">')
  })

  it("answers a loader's redirect itself, to a path of this site only", async () => {
    const res = await fetch(`${server.url}/staff-only`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/sign-in?next=%2Fstaff-only')
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    expect(res.headers.get('vary')).toContain('Cookie')
    // Another origin breaks the render's contract: the client-rendered page goes out instead.
    const elsewhere = await fetch(`${server.url}/elsewhere`, { redirect: 'manual' })
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.headers.get('location')).toBeNull()
    expect(await elsewhere.text()).toContain('spinner')
  })

  it('leaves out the shell data preloads for a page outside the shell, keeping the session', async () => {
    const res = await fetch(`${server.url}/sign-in`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('spinner')
    expect(html).toContain('<link rel="preload" href="/api/auth/session" as="fetch" crossorigin />')
    expect(html).not.toContain('/api/place?slim')
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js">')
    // A page inside the shell keeps them (a render that does not say is one).
    expect(await (await fetch(`${server.url}/missing`)).text()).toContain('/api/place?slim')
  })

  it('falls back to the client-rendered page when the render fails, is too slow or breaks its contract', async () => {
    for (const path of ['/broken', '/slow', '/malformed']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toContain('spinner')
    }
  })

  it('never serves the render bundle or the build manifest', async () => {
    for (const path of ['/_ssr/entry-server.js', '/.vite/manifest.json', '/_ssr']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404)
    }
  })
})
