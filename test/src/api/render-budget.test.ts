import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, startApiFixture } from './fixture.ts'

/*
 * The server render reaches the API over loopback: its calls must spend the page's visitor's budget,
 * not one budget of the server's own address shared by every visitor (issue 21.3 with DESIGN §6).
 * A web build whose render makes three API calls with the headers it is given, and tells what the API
 * answered the last one.
 */

const LIMIT = 6
const INDEX = `<!doctype html><html><head><title>Ludex</title></head>
<body><div id="root"><!--ssr-outlet--><div>spinner</div><!--/ssr-outlet--></div></body></html>`
const RENDER_MODULE = `
export async function render(request) {
  let last
  for (let i = 0; i < 3; i++) {
    last = await fetch(new URL('/api/site', request.apiOrigin), { headers: request.headers ?? {} })
  }
  const remaining = last.headers.get('ratelimit-remaining')
  return {
    kind: 'page', status: 200, html: '<main>remaining ' + remaining + ' status ' + last.status + '</main>',
    state: '{"queries":{"queries":[],"mutations":[]},"router":{"loaderData":{}}}', modules: [],
    head: { title: 'Page | Ludex', description: 'A page.', noIndex: false },
  }
}`

describe('the server render’s API calls and the rate budget', () => {
  let f: ApiFixture
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ludex-render-budget-'))
    await mkdir(join(dir, '_ssr'), { recursive: true })
    await mkdir(join(dir, '.vite'), { recursive: true })
    await writeFile(join(dir, 'index.html'), INDEX)
    await writeFile(join(dir, '.vite', 'manifest.json'), '{}')
    await writeFile(join(dir, '_ssr', 'entry-server.js'), RENDER_MODULE)
    f = await startApiFixture({
      staticDir: dir,
      env: { TRUST_PROXY: '1', RATE_LIMIT_API: String(LIMIT), RATE_LIMIT_API_WINDOW_SECONDS: '60' },
    })
  })
  afterAll(async () => {
    await f?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const remaining = async (address: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${f.url}/api/site`, { headers: { 'x-forwarded-for': address, ...headers } })
    return Number(res.headers.get('ratelimit-remaining'))
  }

  it('charges each page’s render to its visitor, so visitors never share the server’s budget', async () => {
    // Two pages for one visitor: six calls of its budget, the last one answered with none left.
    const first = await (
      await fetch(`${f.url}/overview`, { headers: { 'x-forwarded-for': '203.0.113.1' } })
    ).text()
    expect(first).toContain(`<main>remaining ${LIMIT - 3} status 200</main>`)
    const second = await (
      await fetch(`${f.url}/overview`, { headers: { 'x-forwarded-for': '203.0.113.1' } })
    ).text()
    expect(second).toContain('<main>remaining 0 status 200</main>')
    // Its seventh call is refused; another visitor's pages are untouched by the first one's.
    const refused = await fetch(`${f.url}/api/site`, { headers: { 'x-forwarded-for': '203.0.113.1' } })
    expect(refused.status).toBe(429)
    const other = await (
      await fetch(`${f.url}/overview`, { headers: { 'x-forwarded-for': '203.0.113.2' } })
    ).text()
    expect(other).toContain(`<main>remaining ${LIMIT - 3} status 200</main>`)
  })

  it('ignores a client’s claim to be the render without the pass', async () => {
    // Charged to the caller's own address, whatever address it names.
    const forged = { 'x-ludex-render-pass': 'guessed', 'x-ludex-render-for': '203.0.113.9' }
    expect(await remaining('198.51.100.7', forged)).toBe(LIMIT - 1)
    expect(await remaining('198.51.100.7')).toBe(LIMIT - 2)
    expect(await remaining('203.0.113.9')).toBe(LIMIT - 1)
  })
})
