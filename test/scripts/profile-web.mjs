#!/usr/bin/env node
// Where the main thread goes while a public page loads on a phone, as Lighthouse's mobile profile
// counts it: Debian's Chromium with a phone's viewport, a fresh visitor each time (no cookies, cold
// cache). For each page it traces the main thread and records a V8 CPU profile from the navigation
// until the app is ready (`html[data-app-ready]`) and the thread has gone quiet, maps every sampled
// function through the build's source maps to its source (a file of the repository, or an npm
// package), and prints:
//  - first contentful paint, app ready, the main thread's CPU time, the long tasks and the blocking
//    time after the first paint (each long task's time past 50 ms: what Lighthouse's TBT sums);
//  - each long task with its kinds of work (the trace: script, style, layout, paint, parse, GC), the
//    sources and the functions it ran;
//  - the main thread's time by kind of work, self time by source and by function, inclusive time by
//    app file (a component and what it calls), and inclusive time by function in the longest task (the
//    calls that make it up: a commit, a re-render inside it, the effects).
// By default the page runs unthrottled and each task counts as its CPU time times 4: Lighthouse's
// simulation scales what it observes by that slowdown, and CPU time leaves out the time the thread
// waited for a core, so the figures hold on a loaded machine (they track a quiet Lighthouse run's TBT).
// `--throttle 4` applies DevTools' CPU throttling instead and reports the times measured (its spinning
// counts as CPU time, so there the tasks' wall time is what counts; noisy under load). The profile's
// times per source are sampled wall time at the given throttle: shares, not budgets.
//
//   node test/scripts/profile-web.mjs [--pages detail,methodology] [--runs 3] [--top 25] [--throttle 4]
//                                     [--out <dir>] [--base <url> --web-dir <dir>]
//
// Page names are bench-web.mjs's. Without --base it builds the web app with source maps into a temp
// dir and starts `ludex run` on it (test/scripts/web-app.mjs, as bench-web.mjs does; about two minutes
// for the history). With --base it profiles a server already running that serves the build in
// --web-dir, its source maps included (`npm run build -w @ludex/web -- --outDir <dir> --sourcemap`).
// --out keeps each run's `.cpuprofile` (open it in Chromium's DevTools, Performance panel) and a JSON
// summary per page. With --runs > 1 the timings are medians, the times per source means, and the long
// tasks those of the run with the median blocking time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import { SourceMapConsumer } from 'source-map-js'
import { buildWeb, publicPages, startApp } from './web-app.mjs'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const argv = process.argv.slice(2)
const option = (name) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}
const runs = Math.max(1, Number(option('--runs') ?? 1) || 1)
const top = Math.max(1, Number(option('--top') ?? 20) || 20)
const throttle = Math.max(1, Number(option('--throttle') ?? 1) || 1)
const only = option('--pages') ? new Set(option('--pages').split(',')) : undefined
const outDir = option('--out')
/** Lighthouse's mobile screen (a Moto G Power): the layout a phone gets (the drawer, not the sidebar). */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
}
/** Lighthouse's mobile CPU slowdown. */
const LIGHTHOUSE_SLOWDOWN = 4
/** A task longer than this blocks input (the long-task threshold of TBT). */
const LONG_TASK_MS = 50
/** Stop waiting for a quiet main thread after this long (a page that never settles is still reported). */
const QUIET_CAP_MS = 20_000

/**
 * The trace categories of the main thread's tasks and what they did (parse, script, style, layout, paint,
 * GC), and of the first paint.
 */
const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'loading',
  'blink.user_timing',
]

const cleanups = []
try {
  let base = option('--base')
  let webDir = option('--web-dir')
  if (!base || !webDir) {
    const runDir = mkdtempSync(join(tmpdir(), 'ludex-profile-web-'))
    cleanups.push(() => rmSync(runDir, { recursive: true, force: true, maxRetries: 3 }))
    webDir = join(runDir, 'web')
    await buildWeb(webDir, ['--sourcemap'])
    const app = await startApp({ webDir, dataDir: join(runDir, 'data') })
    cleanups.push(app.stop)
    base = app.base
  }
  if (outDir) mkdirSync(outDir, { recursive: true })
  const pages = await publicPages(base, only)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  cleanups.push(() => browser.close())
  const sources = createSourceMapper(base, webDir)
  for (const [name, url] of pages) {
    const measured = []
    for (let i = 0; i < runs; i += 1) {
      const run = await profileLoad(browser, url)
      if (outDir) writeFileSync(join(outDir, `${name}-${i + 1}.cpuprofile`), JSON.stringify(run.profile))
      measured.push({ ...run, attribution: attribute(run.profile, sources, run.tasks) })
    }
    const summary = summarise(measured)
    print(name, url, summary)
    if (outDir) writeFileSync(join(outDir, `${name}.json`), JSON.stringify(summary, null, 2))
  }
} finally {
  for (const f of cleanups.reverse()) {
    try {
      await f()
    } catch {}
  }
}

/**
 * One cold load of `url` at the CPU slowdown, traced and profiled from the navigation until the app is
 * ready and the main thread is quiet.
 */
async function profileLoad(browser, url) {
  const context = await browser.newContext(PHONE)
  try {
    const page = await context.newPage()
    // The moment the app marks itself ready, on the page's clock (<html> may not exist yet here), and
    // a quiet main thread: three idle periods in a row with (nearly) the whole 50 ms to spare. Waited
    // for through the protocol: Playwright's own waits inject a script, a long task of their own.
    await page.addInitScript((quietCapMs) => {
      const w = /** @type {any} */ (window)
      w.__profileReady = new Promise((resolve) => {
        new MutationObserver((_, observer) => {
          if (document.documentElement?.hasAttribute('data-app-ready')) {
            performance.mark('profile:app-ready')
            observer.disconnect()
            resolve(true)
          }
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-ready'] })
      })
      w.__profileQuiet = () =>
        new Promise((resolve) => {
          const cap = setTimeout(resolve, quietCapMs)
          let quiet = 0
          const tick = (deadline) => {
            quiet = deadline.timeRemaining() >= 45 ? quiet + 1 : 0
            if (quiet >= 3) {
              clearTimeout(cap)
              resolve(true)
            } else requestIdleCallback(tick)
          }
          requestIdleCallback(tick)
        })
    }, QUIET_CAP_MS)
    const cdp = await context.newCDPSession(page)
    const awaitInPage = async (expression, timeoutMs) => {
      let timer
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${url}: ${expression} took over ${timeoutMs} ms`)),
          timeoutMs,
        )
      })
      try {
        await Promise.race([cdp.send('Runtime.evaluate', { expression, awaitPromise: true }), timeout])
      } finally {
        clearTimeout(timer)
      }
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 })
    await browser.startTracing(page, { categories: TRACE_CATEGORIES })
    await cdp.send('Profiler.start')
    await page.goto(url, { waitUntil: 'load' })
    await awaitInPage('window.__profileReady', 60_000)
    // A page that keeps a request open (a poll) never goes network-idle: then only the main thread counts.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined)
    await awaitInPage('window.__profileQuiet()', QUIET_CAP_MS + 5_000)
    const { profile } = await cdp.send('Profiler.stop')
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'))
    return { profile, tasks: mainThreadTasks(trace.traceEvents ?? trace, url) }
  } finally {
    await context.close()
  }
}

/**
 * The page's main thread in the trace (the renderer thread that marked the navigation): its top-level
 * tasks, self time per kind of work, and the first paint and app-ready marks, in trace microseconds.
 */
function mainThreadTasks(events, url) {
  // The thread that painted the page, and its navigation (not the blank document a new tab starts
  // with; the address is sometimes left out of the event).
  const painted = events.find((e) => e.name === 'firstContentfulPaint')
  const navigations = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)
  const nav =
    navigations.find((e) => e.args.data.documentLoaderURL === url) ??
    navigations.findLast((e) => painted && e.pid === painted.pid && e.ts <= painted.ts) ??
    navigations.find((e) => painted && e.pid === painted.pid)
  if (!nav) {
    const seen = navigations.map((e) => `${e.pid} ${e.args.data.documentLoaderURL}`).join('; ')
    throw new Error(`the trace has no navigation to ${url} (navigations: ${seen}; painted: ${painted?.pid})`)
  }
  const thread = painted ?? nav
  const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid)
  const mark = (name) => own.find((e) => e.name === name && e.ts >= nav.ts)?.ts ?? null
  const complete = own
    .filter((e) => e.ph === 'X' && e.dur !== undefined)
    .toSorted((a, b) => a.ts - b.ts || b.dur - a.dur)
  const tasks = []
  const selfByKind = new Map()
  // Nested events: each one's self time is its duration less its children's.
  const stack = []
  const close = (until) => {
    while (stack.length && stack.at(-1).end <= until) {
      const done = stack.pop()
      add(selfByKind, done.name, done.self)
      if (done.task) add(done.task.byKind, done.name, done.self)
    }
  }
  for (const e of complete) {
    close(e.ts)
    if (stack.length) stack.at(-1).self -= e.dur
    else if (/RunTask$/.test(e.name))
      tasks.push({ start: e.ts, dur: e.dur, cpu: e.tdur ?? e.dur, byKind: new Map() })
    stack.push({
      name: e.name,
      end: e.ts + e.dur,
      self: e.dur,
      task: stack.length ? stack[0].task : tasks.at(-1),
    })
  }
  close(Number.POSITIVE_INFINITY)
  return {
    navigationStart: nav.ts,
    fcp: mark('firstContentfulPaint'),
    ready: mark('profile:app-ready'),
    end: Math.max(...own.map((e) => e.ts + (e.dur ?? 0))),
    tasks,
    selfByKind,
  }
}

/**
 * Maps a profiled function (script URL, 0-based line and column) to where it was written: a repository
 * path (`web/src/shell/Shell.tsx`, `schemas/src/…`) or an npm package's name; the script's path when its
 * map says nothing there (a chunk's top-level code).
 */
function createSourceMapper(base, webDir) {
  const consumers = new Map()
  const consumerOf = (path) => {
    if (!consumers.has(path)) {
      let consumer = null
      try {
        consumer = new SourceMapConsumer(JSON.parse(readFileSync(join(webDir, `${path}.map`), 'utf8')))
      } catch {}
      consumers.set(path, consumer)
    }
    return consumers.get(path)
  }
  const cache = new Map()
  return (frame) => {
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}`
    if (cache.has(key)) return cache.get(key)
    let mapped = { source: frame.url.replace(base, ''), fn: frame.functionName || '(anonymous)' }
    if (frame.url.startsWith(base)) {
      const path = new URL(frame.url).pathname.slice(1)
      const position = consumerOf(path)?.originalPositionFor({
        line: frame.lineNumber + 1,
        column: frame.columnNumber,
      })
      if (position?.source) {
        mapped = {
          source: sourceName(resolve(webDir, dirname(path), position.source)),
          fn: position.name ?? (frame.functionName || '(anonymous)'),
          line: position.line,
        }
      }
    }
    cache.set(key, mapped)
    return mapped
  }
}

/** `…/node_modules/@mantine/core/esm/…` → `@mantine/core`; a file of ours → its path in the repository. */
function sourceName(path) {
  const modules = path.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const parts = path.slice(modules + 'node_modules/'.length).split('/')
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
  }
  return path.startsWith(repoRoot) ? path.slice(repoRoot.length) : path
}

/**
 * The CPU profile's busy time by source (self), by function (self), by app file (inclusive: every sample
 * under a function of that file), and by source within each long task of the trace. A native function
 * (a DOM call) is counted as `(native) name` under the source that called it.
 */
function attribute(profile, sources, tasks) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const parents = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id)
  const bySource = new Map()
  const byFunction = new Map()
  const inclusive = new Map()
  const longTasks = tasks.tasks
    .filter((t) => taskMs(t) > LONG_TASK_MS)
    .map((t) => ({ ...t, bySource: new Map(), byFunction: new Map() }))
  // The longest task: what it spent under each function (the calls that make it up).
  const longest = longTasks.toSorted((a, b) => b.dur - a.dur)[0]
  const longestInclusive = new Map()
  let busy = 0
  let at = profile.startTime
  let task = 0
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i]
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const node = nodes.get(profile.samples[i])
    const frame = node.callFrame
    if (frame.functionName === '(idle)') continue
    busy += ms
    let self
    if (frame.functionName === '(program)' || frame.functionName === '(garbage collector)') {
      self = { source: frame.functionName, fn: frame.functionName }
    } else if (!frame.url) {
      let caller = parents.get(node.id)
      while (caller !== undefined && !nodes.get(caller).callFrame.url) caller = parents.get(caller)
      const by = caller === undefined ? '(root)' : sources(nodes.get(caller).callFrame).source
      self = { source: `${by} (native)`, fn: `${frame.functionName || '(anonymous)'} (native, from ${by})` }
    } else {
      const mapped = sources(frame)
      self = {
        source: mapped.source,
        fn: `${mapped.fn} (${mapped.source}${mapped.line ? `:${mapped.line}` : ''})`,
      }
    }
    add(bySource, self.source, ms)
    add(byFunction, self.fn, ms)
    while (task < longTasks.length && longTasks[task].start + longTasks[task].dur < at) task += 1
    if (task < longTasks.length && longTasks[task].start <= at) {
      add(longTasks[task].bySource, self.source, ms)
      add(longTasks[task].byFunction, self.fn, ms)
    }
    const inLongest = longest && longest.start <= at && at <= longest.start + longest.dur
    const seen = new Set()
    for (let id = node.id; id !== undefined; id = parents.get(id)) {
      const f = nodes.get(id).callFrame
      if (!f.url) continue
      const mapped = sources(f)
      if (mapped.source.startsWith('web/src/') && !seen.has(mapped.source)) {
        seen.add(mapped.source)
        add(inclusive, mapped.source, ms)
      }
      const fn = `${mapped.fn} (${mapped.source}${mapped.line ? `:${mapped.line}` : ''})`
      if (inLongest && !seen.has(fn)) {
        seen.add(fn)
        add(longestInclusive, fn, ms)
      }
    }
  }
  return { busy, bySource, byFunction, inclusive, longTasks, longestInclusive }
}

function add(map, key, value) {
  map.set(key, (map.get(key) ?? 0) + value)
}

/**
 * A task's length as a phone would take it: unthrottled, its CPU time (descheduled time left out, so it
 * holds on a loaded machine) times Lighthouse's slowdown, as its simulation scales what it observes;
 * throttled, the time measured (DevTools' throttling spins the thread, so its CPU time says nothing).
 */
function taskMs(t) {
  return throttle === 1 ? (t.cpu / 1000) * LIGHTHOUSE_SLOWDOWN : t.dur / 1000
}

/** One run's figures, in ms since the navigation started. */
function figures({ tasks, attribution }) {
  const ms = (ts) => (ts === null ? null : (ts - tasks.navigationStart) / 1000)
  const long = tasks.tasks.filter((t) => taskMs(t) > LONG_TASK_MS)
  return {
    fcp: ms(tasks.fcp),
    ready: ms(tasks.ready),
    longTasks: long.length,
    longestTask: Math.max(0, ...long.map(taskMs)),
    longTaskTime: long.reduce((s, t) => s + taskMs(t), 0),
    // Lighthouse's TBT counts from the first paint: each long task's time past 50 ms.
    blocking: long
      .filter((t) => tasks.fcp === null || t.start >= tasks.fcp)
      .reduce((s, t) => s + taskMs(t) - LONG_TASK_MS, 0),
    cpu: tasks.tasks.reduce((s, t) => s + t.cpu / 1000, 0),
    busy: attribution.busy,
  }
}

function summarise(measured) {
  const median = (values) => {
    const sorted = values.filter((v) => v !== null).toSorted((a, b) => a - b)
    return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null
  }
  const mean = (maps) => {
    const total = new Map()
    for (const map of maps) for (const [k, v] of map) add(total, k, v / maps.length)
    return sorted(total)
  }
  const perRun = measured.map(figures)
  const pick = (key) => round(median(perRun.map((r) => r[key])))
  // The long tasks of the run whose blocking time is the median, each with its main sources.
  const middle =
    measured[
      perRun.indexOf(perRun.toSorted((a, b) => a.blocking - b.blocking)[Math.floor(perRun.length / 2)])
    ]
  return {
    runs: measured.length,
    throttle,
    fcpMs: pick('fcp'),
    readyMs: pick('ready'),
    longTasks: pick('longTasks'),
    longestTaskMs: pick('longestTask'),
    longTaskMs: pick('longTaskTime'),
    blockingAfterFcpMs: pick('blocking'),
    // Load only adds time: the least of several runs is the nearest to a quiet machine.
    leastBlockingAfterFcpMs: round(Math.min(...perRun.map((r) => r.blocking))),
    cpuMs: pick('cpu'),
    busyMs: pick('busy'),
    byKind: mean(measured.map((m) => new Map([...m.tasks.selfByKind].map(([k, v]) => [k, v / 1000])))),
    bySource: mean(measured.map((m) => m.attribution.bySource)),
    byFunction: mean(measured.map((m) => m.attribution.byFunction)),
    inclusiveByAppFile: mean(measured.map((m) => m.attribution.inclusive)),
    longTaskDetail: middle.attribution.longTasks.map((t) => ({
      atMs: round((t.start - middle.tasks.navigationStart) / 1000),
      ms: round(taskMs(t)),
      kinds: sorted(new Map([...t.byKind].map(([k, v]) => [k, v / 1000]))).slice(0, 4),
      sources: sorted(t.bySource).slice(0, 4),
      functions: sorted(t.byFunction).slice(0, 4),
    })),
    longestTaskInclusive: sorted(middle.attribution.longestInclusive),
    perRun: perRun.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, round(v)]))),
  }
}

function sorted(map) {
  return [...map].toSorted((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v)])
}

function print(name, url, s) {
  const how =
    s.throttle === 1
      ? `unthrottled; tasks as CPU time x ${LIGHTHOUSE_SLOWDOWN}, other times at 1x`
      : `CPU ${s.throttle}x, measured`
  console.log(`\n== ${name} ${url} (${s.runs} run${s.runs > 1 ? 's, medians' : ''}; ${how})`)
  console.log(
    `FCP ${s.fcpMs} ms · ready ${s.readyMs} ms · main thread CPU ${s.cpuMs} ms · profiled busy ${s.busyMs} ms`,
  )
  console.log(
    `long tasks ${s.longTasks} (${s.longTaskMs} ms, longest ${s.longestTaskMs} ms) · ` +
      `blocking after FCP (TBT) ${s.blockingAfterFcpMs} ms` +
      (s.runs > 1 ? ` (least of the runs ${s.leastBlockingAfterFcpMs} ms)` : ''),
  )
  const table = (title, rows) => {
    console.log(`-- ${title}`)
    for (const [k, v] of rows.slice(0, top)) console.log(`${String(v).padStart(7)} ms  ${k}`)
  }
  console.log('-- long tasks of the median run: start, duration; then its work, sources and functions')
  const list = (rows) => rows.map(([k, v]) => `${k} ${v}`).join(', ')
  for (const t of s.longTaskDetail) {
    console.log(`${String(t.atMs).padStart(7)} ms ${String(t.ms).padStart(5)} ms  ${list(t.kinds)}`)
    console.log(`${' '.repeat(22)}${list(t.sources)}`)
    console.log(`${' '.repeat(22)}${list(t.functions)}`)
  }
  table('main thread self time by kind (trace)', s.byKind)
  table('self time by source', s.bySource)
  table('self time by function', s.byFunction)
  table('inclusive time by app file', s.inclusiveByAppFile)
  table('the longest task of the median run: inclusive time by function', s.longestTaskInclusive)
}

function round(v) {
  return v === null ? null : Math.round(v)
}
