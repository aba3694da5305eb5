#!/usr/bin/env node
// `make bench`, first-start part (issue 19.6): figures, never assertions (DESIGN §7), one
// `BENCH <name> <value> <unit>` line each. `ludex run` on a fresh data dir, as `make run` starts it after
// `make build` (the built web app in web/dist is served), with the default history (BACKFILL_DAYS 120 on
// 2,000 simulated experiences), timed from the spawn of the process:
//   first_useful_page_seconds  until GET /overview, server-rendered, carries a Tracked Games CCU of at
//                              least 7 whole days (daily points, none zero) in the page's data, as a
//                              visitor's first view draws it;
//   first_ready_seconds        until /readyz answers 200 (BACKFILL_READY=recent: the newest days are in);
//   backfill_complete_seconds  until /readyz says the whole history is stored and rolled up.
// Each with `_cpu_seconds` beside it: the CPU time the process used until then, all threads (Linux,
// from /proc): what the figure costs whatever else the machine runs, for a loaded machine's runs.
// Target (DESIGN §9): first_useful_page_seconds ≤ 60. Options: --days <n>, --experiences <n>,
// --timeout <s> (default 900: the process is stopped and the figures so far printed).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const argv = process.argv.slice(2)
const option = (name, fallback) => {
  const i = argv.indexOf(name)
  return i >= 0 ? Number(argv[i + 1]) : fallback
}
const days = option('--days', 120)
const experiences = option('--experiences', 2000)
const timeoutMs = option('--timeout', 900) * 1000
/** The overview's first screen: the daily Tracked Games CCU (web/src/pages/overview/queries.ts). */
const WHOLE_DAYS = 7
/** How often the run is looked at: the figures are to within a look or so. */
const POLL_MS = 1000
const { PARTIAL_FROM_HEADER, partialFromMs } = await tsImport('../../schemas/src/index.ts', import.meta.url)
const { SSR_STATE_ELEMENT_ID } = await tsImport('../../web/src/app/ssr-state.ts', import.meta.url)
const { freePort } = await tsImport('../src/harness/free-port.ts', import.meta.url)

if (!existsSync(join(repoRoot, 'web/dist/index.html'))) {
  console.error('bench-first-page: web/dist is not built; run `make build` first')
  process.exit(1)
}

const dataDir = mkdtempSync(join(tmpdir(), 'ludex-bench-first-page-'))
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const started = performance.now()
const server = spawn(process.execPath, ['--max-semi-space-size=64', 'bin/ludex.mjs', 'run'], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'pipe'],
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    LUDEX_DATA_DIR: dataDir,
    BACKFILL_DAYS: String(days),
    SIMULATOR_EXPERIENCES: String(experiences),
    BACKFILL_READY: 'recent',
    LOG_LEVEL: 'warn',
  },
})
let stderr = ''
server.stderr.on('data', (d) => {
  stderr = (stderr + d).slice(-4000)
})
const exited = new Promise((resolve) => server.once('exit', resolve))

const figures = {}
const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100
/** The process's user + system CPU seconds so far, or null where /proc does not say. */
function cpuSeconds() {
  try {
    // Fields after the command name (which may hold spaces, in parentheses): utime and stime are 12th and 13th.
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond).toFixed(1)
  } catch {
    return null
  }
}
const figure = (name, value, unit) => {
  figures[name] = value
  console.log(`BENCH ${name} ${value} ${unit}`)
  const cpu = cpuSeconds()
  if (cpu !== null) console.log(`BENCH ${name.replace(/_seconds$/, '')}_cpu_seconds ${cpu} s`)
}
try {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline && !figures.backfill_complete_seconds) {
    if (server.exitCode !== null) throw new Error(`ludex run exited (${server.exitCode}): ${stderr}`)
    // The page's call first (cheap), then the page itself once the call has the days: a render per look
    // would cost the process under measurement more than the look is worth.
    const useful =
      !figures.first_useful_page_seconds && (await callShowsDays()) ? await overviewShows() : null
    if (useful) {
      figure('first_useful_page_seconds', seconds(), 's')
      // 1: the data was in the server-rendered page; 0: the render gave up and the page's call had it.
      console.log(`BENCH first_useful_page_server_rendered ${useful === 'rendered' ? 1 : 0} flag`)
    }
    const ready = await readiness()
    if (ready?.ready && !figures.first_ready_seconds) figure('first_ready_seconds', seconds(), 's')
    const backfill = ready?.checks?.backfill
    if (backfill?.progress && backfill.progress.done >= backfill.progress.total && backfill.ok) {
      figure('backfill_complete_seconds', seconds(), 's')
      console.log(`BENCH backfill_complete_days ${backfill.progress.total} days`)
    }
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
  if (!figures.backfill_complete_seconds)
    console.error(`bench-first-page: stopped at the ${timeoutMs / 1000} s bound`)
} finally {
  server.kill('SIGTERM')
  await exited
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 })
}

/** At least 7 whole days (the day in progress, from partialFrom in epoch ms, is not one), none zero. */
function wholeDays(points, partialFrom) {
  const whole = points.filter((p) => partialFrom === null || Date.parse(p.time) < partialFrom)
  return whole.length >= WHOLE_DAYS && whole.every((p) => p.ccu > 0)
}

/** The call the overview makes for its chart (a visitor's: the last 30 days, daily). */
async function callShowsDays() {
  const call = await fetch(`${base}/api/platform/ccu?granularity=day`).catch(() => null)
  if (!call?.ok) return false
  return wholeDays(await call.json(), partialFromMs(call.headers.get(PARTIAL_FROM_HEADER)))
}

/**
 * The overview as a visitor opens it: GET /overview answers, and the daily Tracked Games CCU it draws
 * (the query the page awaits before it renders) has 7 whole days. The data is the one in the
 * server-rendered page; when the render gave up (its 5 s bound, on a busy machine) and the page goes
 * out to be client-rendered, it is the answer of the call the page then makes. Says which ('rendered'
 * or 'called'), or false.
 */
async function overviewShows() {
  let html
  try {
    const response = await fetch(`${base}/overview`)
    if (!response.ok) return false
    html = await response.text()
  } catch {
    return false
  }
  const json = new RegExp(
    `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`,
  ).exec(html)?.[1]
  const query = json
    ? JSON.parse(json).queries?.queries?.find(
        (q) => q.queryKey?.[0] === 'platform' && q.queryKey?.[1] === 'ccu' && q.queryKey?.[2] === 'day',
      )
    : undefined
  if (!query) return (await callShowsDays()) && 'called'
  return wholeDays(query.state?.data?.body ?? [], query.state?.data?.partialFrom ?? null) && 'rendered'
}

async function readiness() {
  try {
    return await (await fetch(`${base}/readyz`)).json()
  } catch {
    return null
  }
}
