import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { unescapeMarkup } from '@ludex/schemas'
import type { ConsoleMessage, Page } from '@playwright/test'
import { expect, main, TEXT, test } from './support/fixtures.ts'
import { asReactWritesText } from './support/html.ts'
import { watchNetwork } from './support/network.ts'
import { E2E_ENV } from './support/server.ts'
import { curatedTag } from './support/tags.ts'

/** Console warnings and errors of a page, except failed image loads (the sandbox has no image CDN). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (m: ConsoleMessage) => {
    if ((m.type() === 'warning' || m.type() === 'error') && !m.text().includes('Failed to load resource')) {
      problems.push(`${m.type()}: ${m.text()}`)
    }
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  return problems
}

test.describe('server-side render', () => {
  test('the overview HTML already holds the page and the data it was drawn from', async ({ request }) => {
    const response = await request.get('/overview')
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toContain('private')
    const html = await response.text()
    // The first screen: the chart card with a static drawing of its series, and the players online
    // tile with its number (polls move the number, so its form is checked, not its value).
    expect(html).toContain('Tracked Games CCU')
    expect(html).toMatch(/data-chart="static"[\s\S]*?<path/)
    expect(html).toMatch(/Players Online[\s\S]{0,600}?>\d{1,3}(,\d{3})+</)
    expect(html).toMatch(/<script type="application\/json" id="ludex-ssr-state">\{/)
    // The JavaScript is requested after the first paint (after-paint.js), not from the head.
    expect(html).not.toMatch(/<script type="module"/)
    expect(html).toContain('src="/after-paint.js"')
  })

  test('once painted, the page starts ICU in a worker and requests its modules a few per insertion', async ({
    page,
    experiences,
  }) => {
    // The links and scripts each task inserted: the address of each element.
    await page.addInitScript(() => {
      const insertions: string[][] = []
      Object.assign(window, { __insertions: insertions })
      // The observer hears of a task's insertions together, once its script has run: one entry a task.
      new MutationObserver((records) => {
        const added = records.flatMap((r) =>
          [...r.addedNodes].flatMap((n) =>
            n instanceof HTMLLinkElement
              ? [n.getAttribute('href') ?? '']
              : n instanceof HTMLScriptElement
                ? [n.getAttribute('src') ?? '']
                : [],
          ),
        )
        if (added.length > 0) insertions.push(added)
      }).observe(document, { childList: true, subtree: true })
    })
    const workers: string[] = []
    page.on('worker', (w) => workers.push(new URL(w.url()).pathname))
    await page.goto(`/experiences/${experiences[0]!.place_id}`)
    await page.locator('html[data-app-ready]').waitFor()
    expect(workers).toContain('/warm-formatting.js')
    const loader = page.locator('script[src="/after-paint.js"]')
    const modules = ((await loader.getAttribute('data-modules')) ?? '').split(' ').filter(Boolean)
    const entry = (await loader.getAttribute('data-entry')) ?? ''
    const listed = new Set([...modules, entry])
    // The loader's insertions: those of the addresses it lists (the app's lazy imports add preloads of
    // their own later).
    const insertions = (
      await page.evaluate(() => (window as unknown as { __insertions: string[][] }).__insertions)
    ).filter((batch) => batch.some((href) => listed.has(href)))
    const inserted = insertions.flat()
    // A detail page lists dozens of modules: each goes in once, at most 12 in a task, the entry last.
    expect(modules.length).toBeGreaterThan(24)
    expect([...inserted].sort()).toEqual([...modules, entry].sort())
    expect(Math.max(...insertions.map((batch) => batch.length))).toBeLessThanOrEqual(12)
    expect(inserted.at(-1)).toBe(entry)
  })

  test('the service worker registers once the page is ready and loaded, not while it hydrates', async ({
    page,
  }) => {
    // Each registration: whether the page was ready (html[data-app-ready]) and loaded when it was asked.
    await page.addInitScript(() => {
      const calls: { ready: boolean; loaded: boolean }[] = []
      Object.assign(window, { __registrations: calls })
      const register = ServiceWorkerContainer.prototype.register
      ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, ...args) {
        calls.push({
          ready: document.documentElement.dataset.appReady !== undefined,
          loaded: document.readyState === 'complete',
        })
        return register.apply(this, args)
      }
    })
    await page.goto('/overview')
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await page.evaluate(() => navigator.serviceWorker.ready)
    const calls = await page.evaluate(
      () => (window as unknown as { __registrations: { ready: boolean; loaded: boolean }[] }).__registrations,
    )
    expect(calls).toEqual([{ ready: true, loaded: true }])
  })

  test('a public page loads no zod with its modules: schemas come with the first answer that needs them', async ({
    request,
    experiences,
  }) => {
    // Constructing schemas is a long task on a phone; a constant imported from a module that also
    // builds schemas (the list's sort columns, the embed ranges did) brought them into a route's chunk.
    const paths = [
      '/overview',
      '/experiences',
      `/experiences/${experiences[0]!.place_id}`,
      '/genres',
      '/creators',
      '/tags',
      '/daily-picks',
      '/rankings',
    ]
    const zodChunks = new Set<string>()
    const checked = new Set<string>()
    for (const path of paths) {
      const html = await (await request.get(path)).text()
      const loader = /<script defer src="\/after-paint\.js" ([^>]*)><\/script>/.exec(html)?.[1] ?? ''
      const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(loader)?.[1] ?? ''
      const modules = [attribute('data-entry'), ...attribute('data-modules').split(' ')].filter(Boolean)
      expect(modules.length, path).toBeGreaterThan(3)
      for (const module of modules) {
        if (checked.has(module)) continue
        checked.add(module)
        // zod's classes carry their names as strings ($constructor('ZodObject', …)), minified or not.
        if ((await (await request.get(module)).text()).includes('ZodObject'))
          zodChunks.add(`${path}: ${module}`)
      }
    }
    expect([...zodChunks]).toEqual([])
    // The check can see zod: one of the build's chunks (the service worker lists them all) has it.
    const built = [
      ...new Set((await (await request.get('/sw.js')).text()).match(/\/assets\/[\w-]+\.js/g) ?? []),
    ]
    expect(built.length).toBeGreaterThan(20)
    const withZod = await Promise.all(
      built.map(async (file) => (await (await request.get(file)).text()).includes('ZodObject')),
    )
    expect(withZod.filter(Boolean)).toHaveLength(1)
  })

  test('a visitor asking for a staff or members’ page is redirected by the server, not by the app', async ({
    request,
  }) => {
    for (const [path, target] of [
      ['/code-library', '/'],
      ['/robux', '/'],
      ['/users', '/'],
      ['/compare/experiences', '/overview'],
    ] as const) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status(), path).toBe(302)
      expect(response.headers().location, path).toBe(target)
    }
    // A page open to visitors drawn in the browser is still the app's index.html.
    const signIn = await request.get('/sign-in', { maxRedirects: 0 })
    expect(signIn.status()).toBe(200)
    expect(await signIn.text()).toContain('<script type="module"')
  })

  test('without JavaScript the detail page still shows the experience, its title and its charts', async ({
    browser,
    experiences,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const top = experiences[0]!
    await page.goto(`/experiences/${top.place_id}`)
    await expect(main(page).getByRole('heading', { name: top.name, level: 1 })).toBeVisible()
    await expect(main(page).getByRole('heading', { name: 'Information' })).toBeVisible()
    // The head too: a link preview reads the experience's title without running the app.
    await expect(page).toHaveTitle(`${top.name} | Ludex`)
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${top.name} | Ludex`)
    await expect(main(page).locator('[data-chart="static"]').first()).toBeVisible()
    await context.close()
  })

  test('pages rendered at the same time each carry their own title and description', async ({
    request,
    experiences,
  }) => {
    // Started together, so the renders overlap in the API process: each head must be its own page's.
    const picked = experiences.slice(0, 6)
    const pages = await Promise.all(
      picked.map(async (e) => (await request.get(`/experiences/${e.place_id}`)).text()),
    )
    for (const [i, html] of pages.entries()) {
      const name = picked[i]!.name
      expect(unescapeMarkup(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(`${name} | Ludex`)
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''
      expect(unescapeMarkup(description).startsWith(`${name}: `)).toBe(true)
    }
  })

  for (const [name, viewport, scheme] of [
    ['a phone in light', { width: 412, height: 823 }, 'light'],
    ['a desktop in dark', { width: 1280, height: 800 }, 'dark'],
  ] as const) {
    test(`pages hydrate without a difference on ${name}`, async ({ browser, experiences }) => {
      // Eighteen pages, each hydrated and its theme toggled twice: about 30 s on 2 busy cores.
      test.setTimeout(75_000)
      const tag = await curatedTag(
        browser,
        `Hydration ${name} ${Date.now().toString(36)}`,
        experiences.slice(0, 6).map((e) => e.place_id),
      )
      const tagId = tag.id
      // A context of its own, with no cookie choice stored: the server draws the cookie prompt on every
      // page and hydration must meet it as drawn.
      const context = await browser.newContext({ viewport, colorScheme: scheme })
      const page = await context.newPage()
      const problems = consoleProblems(page)
      const detail = `/experiences/${experiences[0]!.place_id}`
      const [creator] = (await (await page.request.get('/api/creator')).json()) as { id: number }[]
      const { sub_genres } = (await (await page.request.get('/api/genre/obby')).json()) as {
        sub_genres: { slug: string }[]
      }
      // With a hash (which the server never sees) the page is drawn anew from the server's state.
      for (const path of [
        '/overview',
        detail,
        '/experiences',
        `${detail}#tab=visits`,
        '/experiences#search=a',
        '/creators',
        `/creators/${creator!.id}`,
        `/creators/${creator!.id}#tab=top_five`,
        '/genres',
        '/genres/obby',
        `/genres/obby/${sub_genres[0]!.slug}`,
        '/daily-picks',
        `/rankings/8?exp=${experiences[0]!.place_id}`,
        '/tags',
        `/tags/${tagId}`,
        `/tags/${tagId}#tab=all`,
        '/terms-of-use',
        '/privacy-policy',
        '/cookie-policy',
      ]) {
        await page.goto(path)
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
        await expect(page.locator('[data-cookie-prompt]')).toBeVisible()
        // Hydrated: the theme toggle answers a click.
        const toggle = page.getByRole('button', { name: /Switch to (dark|light) theme/ })
        await toggle.click()
        await expect(page.locator('html')).toHaveAttribute(
          'data-mantine-color-scheme',
          scheme === 'light' ? 'dark' : 'light',
        )
        await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click()
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
      }
      expect(problems).toEqual([])
      await context.close()
      await tag.remove()
    })
  }

  test('the browse pages arrive drawn: the creators and genre tables are in the HTML', async ({
    request,
  }) => {
    const [creator] = (await (await request.get('/api/creator')).json()) as { id: number; name: string }[]
    const pages: [string, string][] = [
      ['/creators', `href="/creators/${creator!.id}"`],
      [`/creators/${creator!.id}`, `>${asReactWritesText(creator!.name)}</h1>`],
      ['/genres', 'href="/genres/tower_defense"'],
      ['/genres/obby', 'Sub-genres'],
    ]
    for (const [path, expected] of pages) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      const html = await response.text()
      expect(html, path).toContain(expected)
      expect(html, path).toMatch(/<script type="application\/json" id="ludex-ssr-state">\{/)
    }
  })

  test('icons carry their default image by class: drawn before any script, not repeated in the HTML', async ({
    browser,
    request,
  }) => {
    // A ranking lists some 100 icons; their default image written into each one's style attribute
    // was some 120 kB of its HTML.
    const path = '/rankings/8'
    const html = await (await request.get(path)).text()
    expect(html.match(/class="ludex-experience-icon ludex-default-thumbnail-/g)?.length ?? 0).toBeGreaterThan(
      20,
    )
    expect(html).not.toMatch(/style="[^"]*background-image/)
    const context = await browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto(path)
      const backgrounds = await page
        .locator('.ludex-experience-icon')
        .evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundImage))
      expect(backgrounds.length).toBeGreaterThan(20)
      for (const background of backgrounds) expect(background).toMatch(/^url\("data:image\/svg\+xml/)
    } finally {
      await context.close()
    }
  })

  test('the overview, the list, an experience, a creator, a genre and a tag arrive whole: the browser asks for no data', async ({
    browser,
    page,
    request,
    experiences,
  }) => {
    const [creator] = (await (await request.get('/api/creator')).json()) as { id: number }[]
    const tag = await curatedTag(
      browser,
      `Whole ${Date.now().toString(36)}`,
      experiences.slice(0, 6).map((e) => e.place_id),
    )
    // Every call of a page's first view (its table's momentum and icons, the overview's picks icons,
    // the detail page's cards, the tag's charts, the genre's benchmarks) is answered in the HTML: a page
    // that asks for one once hydrated had not drawn it on the server, and fetches the response schemas
    // (zod) to read it. The page's own analytics (a POST) is not data.
    const asked: string[] = []
    page.on('request', (r) => {
      const { pathname, search } = new URL(r.url())
      if (r.method() === 'GET' && pathname.startsWith('/api/')) asked.push(`${pathname}${search}`)
    })
    const network = watchNetwork(page)
    const paths = [
      '/overview',
      '/experiences',
      `/experiences/${experiences[0]!.place_id}`,
      `/creators/${creator!.id}`,
      '/genres/obby',
      `/tags/${tag.id}`,
    ]
    for (const path of paths) {
      await page.goto(path)
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
      await network.settled()
      expect(asked, path).toEqual([])
      // The icons are drawn (images, not the spinners of an icon not known yet).
      await expect(
        main(page).locator('.ludex-experience-icon, a[href^="/experiences/"] img').first(),
        path,
      ).toBeVisible()
    }
    await tag.remove()
  })

  test('the tag pages arrive drawn: the list and a tag are in the HTML, an unknown tag is a 404', async ({
    browser,
    request,
    experiences,
  }) => {
    const name = `Drawn ${Date.now().toString(36)}`
    const tag = await curatedTag(browser, name, [experiences[0]!.place_id])
    const tagId = tag.id
    for (const [path, expected] of [
      ['/tags', `href="/tags/${tagId}"`],
      [`/tags/${tagId}`, `>${name}</h1>`],
    ] as const) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      const html = await response.text()
      expect(html, path).toContain(expected)
      expect(html, path).toMatch(/<script type="application\/json" id="ludex-ssr-state">\{/)
    }
    for (const path of ['/tags/2147483000', '/tags/abc'])
      expect((await request.get(path)).status(), path).toBe(404)
  })

  test('an unknown experience answers 404 before any JavaScript runs', async ({ page, request }) => {
    expect((await request.get('/experiences/1')).status()).toBe(404)
    expect((await request.get('/experiences/abc')).status()).toBe(404)
    await page.goto('/experiences/1')
    await expect(page.getByRole('heading', { name: TEXT.notFoundTitle })).toBeVisible()
  })

  test('an unknown path answers 404 and still draws the overview (part 1 §2)', async ({ page, request }) => {
    for (const path of ['/nonexistent', '/some.page', '/tags/1/extra', '/experiences/1/extra']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(404)
      expect(await response.text(), path).toContain('Tracked Games CCU')
    }
    const response = await page.goto('/nonexistent')
    expect(response?.status()).toBe(404)
    await expect(main(page).getByText('Tracked Games CCU').first()).toBeVisible()
  })

  test('the server renders with React’s production build', () => {
    // The bundle carries both of React's builds behind a NODE_ENV check at run time unless the build
    // fixes it: the development one renders every page about three times slower. React, react-dom and
    // the JSX runtime land in chunks of their own under assets/, so every file of the bundle is read.
    const dir = join(process.env[E2E_ENV.runDir]!, 'web', '_ssr')
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
    expect(files).toContain('entry-server.js')
    expect(readFileSync(join(dir, 'entry-server.js'), 'utf8')).toContain('react-dom-server')
    for (const file of files) {
      const code = readFileSync(join(dir, file), 'utf8')
      expect(code.match(/[\w-]+(?:\.[\w-]+)*\.development\.js/)?.[0], file).toBeUndefined()
      expect(code.includes('jsxDEV'), file).toBe(false)
    }
  })

  test('the app starts from one script: the entry chunk holds everything it imports', () => {
    // Left to itself the bundler splits off each module the entry shares with a route (22 chunks, many
    // under 1 kB), every one a request and a preload link on a phone's main thread (vite.config.ts).
    const html = readFileSync(join(process.env[E2E_ENV.runDir]!, 'web', 'index.html'), 'utf8')
    expect(html.match(/<script type="module"[^>]*src="\/assets\/index-[\w-]+\.js"/g)).toHaveLength(1)
    expect(html).not.toContain('rel="modulepreload"')
  })

  test("the entry chunk alone carries V8's compile hint, on its first line", () => {
    // V8 reads the hint only at the very top (vite.config.ts: after Vite's preload map, which it puts
    // there itself); a route chunk holds views a page may never open, so it compiles lazily.
    const assets = join(process.env[E2E_ENV.runDir]!, 'web', 'assets')
    const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'))
    const hinted = chunks.filter((f) =>
      readFileSync(join(assets, f), 'utf8').includes('allFunctionsCalledOnLoad'),
    )
    expect(hinted).toHaveLength(1)
    expect(hinted[0]).toMatch(/^index-[\w-]+\.js$/)
    expect(readFileSync(join(assets, hinted[0]!), 'utf8').split('\n', 1)[0]).toBe(
      '//# allFunctionsCalledOnLoad',
    )
  })

  test("the app's chunks go as the build compressed them: its brotli copy, compressed no further", async ({
    request,
  }) => {
    const web = join(process.env[E2E_ENV.runDir]!, 'web')
    const entry = /src="(\/assets\/index-[\w-]+\.js)"/.exec(
      readFileSync(join(web, 'index.html'), 'utf8'),
    )?.[1]
    expect(entry).toBeDefined()
    const res = await request.get(entry!, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.headers()['content-encoding']).toBe('br')
    expect(Number(res.headers()['content-length'])).toBe(statSync(join(web, `${entry}.br`)).size)
    // Decoded once (by the client), the answer is the chunk itself.
    expect((await res.body()).equals(readFileSync(join(web, entry!)))).toBe(true)
  })

  test('the first frame draws the page whole: none of the shell with a part of the page', async ({
    page,
  }) => {
    // The rankings: a long page (a hundred rows) whose HTML the parser takes in several slices on a
    // slowed core; the browser may draw a frame between two slices unless the page holds it.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    await page.addInitScript(() => {
      const seen = { stateAt: -1, firstFrameAt: -1, rowsAtFirstFrame: -1 }
      ;(window as unknown as { __frames: typeof seen }).__frames = seen
      new MutationObserver((_, observer) => {
        if (document.getElementById('ludex-ssr-state')) {
          seen.stateAt = performance.now()
          observer.disconnect()
        }
      }).observe(document, { childList: true, subtree: true })
      // A frame callback runs right before the browser draws a frame: the first one is the first frame.
      requestAnimationFrame(() => {
        seen.firstFrameAt = performance.now()
        seen.rowsAtFirstFrame = document.querySelectorAll('tbody tr').length
      })
    })
    await page.goto('/rankings', { waitUntil: 'load' })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const seen = await page.evaluate(
      () =>
        (
          window as unknown as {
            __frames: { stateAt: number; firstFrameAt: number; rowsAtFirstFrame: number }
          }
        ).__frames,
    )
    expect(seen.stateAt).toBeGreaterThan(0)
    expect(seen.firstFrameAt).toBeGreaterThanOrEqual(seen.stateAt)
    expect(seen.rowsAtFirstFrame).toBe(await page.locator('tbody tr').count())
  })

  test('the render bundle and the build manifest are never served', async ({ request }) => {
    for (const path of ['/_ssr/entry-server.js', '/.vite/manifest.json']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(404)
    }
  })
})
