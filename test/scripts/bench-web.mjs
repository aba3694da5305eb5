#!/usr/bin/env node
// `make bench`, web part: figures, never assertions (DESIGN §7), one `BENCH <name> <value> <unit>` line each.
//  1. Builds the web app with a Vite manifest and sums the gzip size of the JavaScript the first page load
//     fetches: the entry and its static imports (what index.html loads and modulepreloads). Lazily loaded
//     chunks (the route modules, Plotly) are not in it; the overview route's total and the Plotly chunk are
//     printed beside it so a regression that pulls Plotly into the first load shows.
//  2. Starts `ludex run` (test/e2e/support/serve.ts: the same app serving that build) on simulator data
//     and runs Lighthouse (the one @lhci/cli bundles) with Debian's Chromium on every public page (one
//     of each server-rendered route, a curated tag made for it), printing the scores (0-100) and the
//     core metrics of the median run; the desktop preset on the overview and an experience page.
// Options: --runs <n> (Lighthouse runs per page, default 3), --pages <a,b> (only those), --no-lighthouse;
// --experiences <n> and --days <n> (the simulated experiences and days of backfill the server starts
// with, default 150 and 35; issue 19 point 4 measures at 100,000 and 1), --data-dir <dir> (serve a data
// dir already filled with that many, e.g. by `ludex backfill`, instead of backfilling a fresh one; it is
// kept); BENCH_WEB_REPORT_DIR=<dir> keeps each page's Lighthouse report (JSON) there.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants, gzipSync } from 'node:zlib'
import { tsImport } from 'tsx/esm/api'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]
const argv = process.argv.slice(2)
const runsArg = argv.indexOf('--runs')
const runs = runsArg >= 0 ? Math.max(1, Number(argv[runsArg + 1]) || 1) : 3
const withLighthouse = !argv.includes('--no-lighthouse')
const pagesArg = argv.indexOf('--pages')
/** Only these pages (names as in the BENCH lines), e.g. `--pages overview,detail`; default every one. */
const onlyPages = pagesArg >= 0 ? new Set(String(argv[pagesArg + 1] ?? '').split(',')) : null
/** The value after an option, or its default. */
const optionOf = (name, fallback) => {
  const at = argv.indexOf(name)
  return at >= 0 ? String(argv[at + 1] ?? '') : fallback
}
const experiences = Math.max(1, Number(optionOf('--experiences', '150')) || 150)
const days = Math.max(0, Number(optionOf('--days', '35')) || 0)
/** A data dir already holding the store (kept); default a fresh one in the run dir, backfilled at start. */
const givenDataDir = optionOf('--data-dir', null)

/** The page names the desktop preset also measures. */
const DESKTOP_PAGES = new Set(['overview', 'detail'])

/** The admin seeded into the data dir to make a curated tag (a visitor sees curated tags only). */
const ADMIN = { email: 'bench-admin@ludex.test', password: 'bench-admin-password' }

const runDir = mkdtempSync(join(tmpdir(), 'ludex-bench-web-'))
const webDir = join(runDir, 'web')
const dataDir = givenDataDir ?? join(runDir, 'data')
// Undone in reverse: the processes are stopped (and gone) before their files are removed.
const cleanups = [() => rmSync(runDir, { recursive: true, force: true, maxRetries: 3 })]
const cleanup = async () => {
  for (const f of cleanups.reverse()) {
    try {
      await f()
    } catch {}
  }
}
process.on('SIGINT', async () => {
  await cleanup()
  process.exit(130)
})

try {
  await bundleFigures()
  if (withLighthouse) await lighthouseFigures()
} finally {
  await cleanup()
}

/** Kills a child and resolves once it has exited. */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGKILL')
  })
}

async function bundleFigures() {
  const { buildWebInto } = await tsImport('../src/harness/web-build.ts', import.meta.url)
  await buildWebInto(webDir, ['--manifest', '--sourcemap'])
  /** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
  const manifest = JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8'))
  const gz = new Map()
  const gzipOf = (file) => {
    if (!gz.has(file)) {
      gz.set(file, gzipSync(readFileSync(join(webDir, file)), { level: constants.Z_BEST_COMPRESSION }).length)
    }
    return gz.get(file)
  }
  /** A chunk and its static imports, transitively (what loading it fetches before it runs). */
  const closure = (keys, seen = new Set()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue
      seen.add(key)
      closure(manifest[key].imports ?? [], seen)
    }
    return seen
  }
  const jsBytes = (keys) =>
    [...keys]
      .map((k) => manifest[k].file)
      .filter((f) => f.endsWith('.js'))
      .reduce((s, f) => s + gzipOf(f), 0)

  // The first load: index.html's module script and the modulepreload links Vite wrote for its imports.
  const html = readFileSync(join(webDir, 'index.html'), 'utf8')
  const htmlFiles = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g),
  ].map((m) => m[1])
  const byFile = new Map(Object.entries(manifest).map(([k, v]) => [v.file, k]))
  const initial = closure(htmlFiles.map((f) => byFile.get(f)).filter(Boolean))
  const initialBytes = [...new Set(htmlFiles)].reduce((s, f) => s + gzipOf(f), 0)
  const closureBytes = jsBytes(initial)
  // The manifest closure and the links should agree; the larger is reported should they not.
  console.log(`BENCH web_initial_js_gz ${kB(Math.max(initialBytes, closureBytes))} kB`)

  const overview = Object.keys(manifest).filter((k) => k.endsWith('src/pages/overview/route.tsx'))
  console.log(`BENCH web_overview_route_js_gz ${kB(jsBytes(closure([...initial, ...overview])))} kB`)

  // Plotly's chunk is whichever chunk its sources went into (Vite names it after the importing module).
  const plotly = Object.keys(manifest).filter((k) => {
    const mapFile = join(webDir, `${manifest[k].file}.map`)
    if (!existsSync(mapFile)) return false
    return JSON.parse(readFileSync(mapFile, 'utf8')).sources.some((src) =>
      src.includes('plotly.js-basic-dist-min'),
    )
  })
  console.log(`BENCH web_plotly_chunk_gz ${kB(jsBytes(new Set(plotly)))} kB`)
  const plotlyInInitial = plotly.some((k) => initial.has(k))
  console.log(`BENCH web_initial_includes_plotly ${plotlyInInitial ? 1 : 0} flag`)
}

async function lighthouseFigures() {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  seedAdmin()
  const server = spawn(
    process.execPath,
    ['--max-semi-space-size=64', '--import', 'tsx', 'test/e2e/support/serve.ts'],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        LUDEX_DATA_DIR: dataDir,
        LUDEX_E2E_WEB_DIR: webDir,
        SIMULATOR_EXPERIENCES: String(experiences),
        BACKFILL_DAYS: String(days),
        // Lighthouse measures the pages with their whole history, as before the backfill went newest first.
        BACKFILL_READY: 'complete',
        SIMULATOR_FAULT_RATE: '0',
        LOG_LEVEL: 'warn',
      },
    },
  )
  cleanups.push(() => stop(server))
  // /readyz answers once the first start's backfill is in: about 25 s at the default size on 2 cores,
  // some 20 ms per experience-day beyond it.
  await waitFor(`${base}/readyz`, 180_000 + (givenDataDir ? 0 : experiences * days * 20))
  const pages = (await publicPages(base)).filter(([name]) => !onlyPages || onlyPages.has(name))

  const chrome = await launchChromium()
  cleanups.push(() => stop(chrome.process))
  const { default: lighthouse } = await import('lighthouse')
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js')
  // Lighthouse's default (what LHCI runs): a mid-range phone, 4x CPU slowdown, slow 4G, simulated.
  // The desktop preset beside it (`_desktop` lines) for comparison.
  const presets = [
    ['', undefined],
    ['_desktop', desktopConfig],
  ]
  for (const [suffix, config] of presets) {
    // Every public page on the phone profile; the desktop preset only on the two busiest (time).
    for (const [name, url] of suffix ? pages.filter(([n]) => DESKTOP_PAGES.has(n)) : pages) {
      const runsOf = []
      for (let i = 0; i < runs; i += 1) {
        const result = await lighthouse(
          url,
          {
            port: chrome.port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility'],
          },
          config,
        )
        runsOf.push(result.lhr)
      }
      // The run with the median performance score stands for the page (as LHCI picks its representative run).
      const score = (lhr, c) => Math.round((lhr.categories[c].score ?? 0) * 100)
      const sorted = runsOf.toSorted((a, b) => score(a, 'performance') - score(b, 'performance'))
      const lhr = sorted[Math.floor(sorted.length / 2)]
      const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)
      const key = `lighthouse_${name}${suffix}`
      console.log(`BENCH ${key}_performance ${score(lhr, 'performance')} score`)
      console.log(`BENCH ${key}_accessibility ${score(lhr, 'accessibility')} score`)
      console.log(`BENCH ${key}_fcp ${metric('first-contentful-paint')} ms`)
      console.log(`BENCH ${key}_lcp ${metric('largest-contentful-paint')} ms`)
      console.log(`BENCH ${key}_tbt ${metric('total-blocking-time')} ms`)
      console.log(
        `BENCH ${key}_cls ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)} score`,
      )
      if (process.env.BENCH_WEB_REPORT_DIR) {
        writeFileSync(join(process.env.BENCH_WEB_REPORT_DIR, `${key}.json`), JSON.stringify(lhr))
      }
    }
  }
}

/** The pages a visitor can open (every route the server renders), one of each kind, as [name, url]. */
async function publicPages(base) {
  const load = (path) => tsImport(path, import.meta.url)
  const { genrePath, subGenrePath, creatorPath } = await load('../../web/src/browse/links.ts')
  const { rankingPath } = await load('../../web/src/rankings/address.ts')
  const { LEGAL_PATHS } = await load('../../web/src/legal/paths.ts')
  const { METHODOLOGY_PATH } = await load('../../web/src/methodology/paths.ts')
  const { CHART_CATEGORIES, UNLABELED_GENRE_KEY } = await load('../../schemas/src/index.ts')
  const getJson = async (path, init) => {
    const response = await fetch(`${base}${path}`, init)
    if (!response.ok) throw new Error(`${path}: ${response.status}`)
    return response.json()
  }
  const slim = await getJson('/api/place?slim')
  const byPlayers = slim.toSorted((a, b) => b.players_online - a.players_online)
  const top = byPlayers[0]
  const labeled = byPlayers.find((e) => e.genre !== UNLABELED_GENRE_KEY) ?? top
  const creators = await getJson('/api/creator')
  const creator = creators.find((c) => c.id === top.creator_id) ?? creators[0]
  const tagId = await curatedTag(
    base,
    byPlayers.slice(0, 20).map((e) => e.place_id),
  )
  return [
    ['overview', '/overview'],
    ['list', '/experiences'],
    ['detail', `/experiences/${top.place_id}`],
    ['creators', '/creators'],
    ['creator', creatorPath(creator, creators)],
    ['genres', '/genres'],
    ['genre', genrePath(labeled.genre)],
    ['sub_genre', subGenrePath(labeled.genre, labeled.genre_l2)],
    ['daily_picks', '/daily-picks'],
    ['rankings', rankingPath(CHART_CATEGORIES[0].id)],
    ['tags', '/tags'],
    ['tag', `/tags/${tagId}`],
    ['code_library', '/code-library'],
    ['terms', LEGAL_PATHS.terms],
    ['privacy', LEGAL_PATHS.privacy],
    ['cookies', LEGAL_PATHS.cookies],
    ['methodology', METHODOLOGY_PATH],
  ].map(([name, path]) => [name, `${base}${path}`])
}

/** An admin in the data dir before the server opens it (PGlite is single-process), as the e2e run seeds. */
function seedAdmin() {
  const created = spawnSync(
    process.execPath,
    [
      'bin/ludex.mjs',
      'user',
      'create',
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
      '--first-name',
      'Bench',
      '--last-name',
      'Admin',
      '--role',
      'admin',
    ],
    {
      cwd: repoRoot,
      // A given data dir may hold the admin from an earlier run: its refusal is not shown.
      stdio: ['ignore', 'ignore', givenDataDir ? 'ignore' : 'inherit'],
      env: { ...process.env, LUDEX_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
  )
  if (created.status !== 0 && !givenDataDir) throw new Error('ludex user create failed')
}

/** A curated tag of the given experiences, made by the seeded admin over the API; resolves to its id. */
async function curatedTag(base, placeIds) {
  const post = (path, body, cookie) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    })
  const login = await post('/api/auth/login', ADMIN)
  if (!login.ok) throw new Error(`admin sign-in: ${login.status}`)
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  // Named per run: a given data dir keeps the tags of earlier runs.
  const created = await post('/api/placetag', { name: `Bench Top 20 ${Date.now()}`, global: true }, cookie)
  if (!created.ok) throw new Error(`tag create: ${created.status}`)
  const { id } = await created.json()
  const added = await post(`/api/placetag/${id}/places`, { place_ids: placeIds }, cookie)
  if (!added.ok) throw new Error(`tag members: ${added.status}`)
  return id
}

/** Headless Chromium with a DevTools port for Lighthouse (no chrome-launcher: one binary, known flags). */
function launchChromium() {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      CHROMIUM,
      [
        ...CHROMIUM_ARGS,
        '--headless=new',
        '--remote-debugging-port=0',
        `--user-data-dir=${join(runDir, 'chromium')}`,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let err = ''
    proc.once('error', reject)
    proc.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${err}`)))
    proc.stderr.on('data', (chunk) => {
      err += chunk
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err)
      if (m) resolve({ process: proc, port: Number(m[1]) })
    })
  })
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
}

function kB(bytes) {
  return (bytes / 1000).toFixed(1)
}
