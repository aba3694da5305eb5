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
// kept); BENCH_WEB_REPORT_DIR=<dir> keeps each page's Lighthouse report (JSON) there, and with
// BENCH_WEB_TRACES=1 each run's trace and report beside it (`<key>_run<i>.trace.json` and `.json`; the
// trace has every process and thread: what else took the cores while the page loaded, which
// Lighthouse's scaled wall times count). Each page is asked for once before its runs (a warm server).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { constants, gzipSync } from 'node:zlib'
import { buildWeb, publicPages, startApp, stop } from './web-app.mjs'

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

async function bundleFigures() {
  await buildWeb(webDir, ['--manifest', '--sourcemap'])
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
  const app = await startApp({ webDir, dataDir, experiences, days })
  cleanups.push(app.stop)
  const pages = await publicPages(app.base, onlyPages)

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
      // One request of the page before its runs: the server's first render of a route (its module
      // loaded, its queries' first run on the store) came to some 2 s more in the first run, and a
      // server that has served the page once is what every visitor but the first one meets.
      await (await fetch(url)).text()
      // A run Lighthouse could not measure (NO_NAVSTART, a trace it failed to record, comes about once a
      // pass here) is run again, at most twice a page, so the median stays one of `runs` measured runs.
      const measurable = (r) => !r.runtimeError && r.categories.performance.score !== null
      for (let i = 0; runsOf.filter(measurable).length < runs && i < runs + 2; i += 1) {
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
        if (process.env.BENCH_WEB_REPORT_DIR && process.env.BENCH_WEB_TRACES === '1') {
          mkdirSync(process.env.BENCH_WEB_REPORT_DIR, { recursive: true })
          writeFileSync(
            join(process.env.BENCH_WEB_REPORT_DIR, `lighthouse_${name}${suffix}_run${i}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          )
          // The run's own report beside its trace: the runs of a page can be told apart (which tasks
          // made one run's blocking time and not another's).
          writeFileSync(
            join(process.env.BENCH_WEB_REPORT_DIR, `lighthouse_${name}${suffix}_run${i}.json`),
            JSON.stringify(result.lhr),
          )
        }
      }
      const key = `lighthouse_${name}${suffix}`
      // A run Lighthouse could not measure (a runtimeError such as NO_FCP: no score, NaN metrics) is
      // counted and left out, so it never stands for the page as a score of 0.
      const measured = runsOf.filter(measurable)
      if (measured.length < runsOf.length) {
        console.log(`BENCH ${key}_failed_runs ${runsOf.length - measured.length} runs`)
        for (const r of runsOf.filter((x) => !measured.includes(x))) {
          console.error(
            `${key}: a run failed: ${r.runtimeError?.code ?? 'no score'} ${r.runtimeError?.message ?? ''}`,
          )
        }
      }
      if (measured.length === 0) continue
      // The run with the median performance score stands for the page (as LHCI picks its representative run).
      const score = (lhr, c) => Math.round((lhr.categories[c].score ?? 0) * 100)
      const sorted = measured.toSorted((a, b) => score(a, 'performance') - score(b, 'performance'))
      const lhr = sorted[Math.floor(sorted.length / 2)]
      const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)
      // Every run beside the median (stderr, not a figure): how far apart the runs were.
      console.error(
        `${key}: runs ${measured.map((r) => `${score(r, 'performance')} (TBT ${Math.round(r.audits['total-blocking-time']?.numericValue ?? 0)} ms)`).join(', ')}`,
      )
      console.log(`BENCH ${key}_performance ${score(lhr, 'performance')} score`)
      console.log(`BENCH ${key}_accessibility ${score(lhr, 'accessibility')} score`)
      console.log(`BENCH ${key}_fcp ${metric('first-contentful-paint')} ms`)
      console.log(`BENCH ${key}_lcp ${metric('largest-contentful-paint')} ms`)
      console.log(`BENCH ${key}_tbt ${metric('total-blocking-time')} ms`)
      // Lighthouse's measure of this machine's CPU in that run: the simulated phone is 4x slower than
      // the machine, so the same page scores lower on a slower (or busier) host. Read the scores with it.
      console.log(`BENCH ${key}_benchmark_index ${Math.round(lhr.environment?.benchmarkIndex ?? 0)} index`)
      console.log(
        `BENCH ${key}_cls ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)} score`,
      )
      if (process.env.BENCH_WEB_REPORT_DIR) {
        mkdirSync(process.env.BENCH_WEB_REPORT_DIR, { recursive: true })
        writeFileSync(join(process.env.BENCH_WEB_REPORT_DIR, `${key}.json`), JSON.stringify(lhr))
      }
    }
  }
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

function kB(bytes) {
  return (bytes / 1000).toFixed(1)
}
