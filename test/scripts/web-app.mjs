// The app the web measurements run against, shared by bench-web.mjs (Lighthouse) and profile-web.mjs
// (CPU profiles): `ludex run` on simulator data serving a private web build, an admin seeded to make a
// curated tag, and the list of public pages, one of each server-rendered route.
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** The admin seeded into the data dir to make a curated tag (a visitor sees curated tags only). */
const ADMIN = { email: 'bench-admin@ludex.test', password: 'bench-admin-password' }

/** Builds the web app into `webDir` (a private build: web/dist may be rebuilt by anyone meanwhile). */
export async function buildWeb(webDir, extraArgs) {
  const { buildWebInto } = await tsImport('../src/harness/web-build.ts', import.meta.url)
  await buildWebInto(webDir, extraArgs)
}

/** A free 127.0.0.1 port: the harness's one helper. */
export async function freePort() {
  const { freePort: free } = await tsImport('../src/harness/free-port.ts', import.meta.url)
  return free()
}

/**
 * Starts `ludex run` (test/e2e/support/serve.ts) serving `webDir` with its store in `dataDir`
 * (`experiences` simulated experiences, default 150, and `days` of history on an empty store, default
 * 35; a data dir used before starts at once) and resolves once it is ready, with its base URL and
 * `stop()`.
 */
export async function startApp({ webDir, dataDir, experiences = 150, days = 35 }) {
  seedAdmin(dataDir)
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  // At a lower priority than the browser: the figures are the page's on a phone, where the server is
  // elsewhere; on these two cores its answers (and the simulator's polls) would otherwise take the
  // browser's core in the middle of a task, and Lighthouse, which scales the tasks it observes by four,
  // counts that time as the page's.
  const server = spawn(
    'nice',
    [
      '-n',
      '10',
      process.execPath,
      '--max-semi-space-size=64',
      '--import',
      'tsx',
      'test/e2e/support/serve.ts',
    ],
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
        // The pages are measured with their whole history, as before the backfill went newest first.
        BACKFILL_READY: 'complete',
        SIMULATOR_FAULT_RATE: '0',
        LOG_LEVEL: 'warn',
      },
    },
  )
  const stopServer = () => stop(server)
  try {
    // /readyz answers once the first start's backfill is in: about 25 s at the default size on 2 cores,
    // some 20 ms per experience-day beyond it (nothing more when the data dir holds it already).
    await waitFor(`${base}/readyz`, 180_000 + experiences * days * 20)
  } catch (error) {
    await stopServer()
    throw error
  }
  return { base, stop: stopServer }
}

/** Kills a child and resolves once it has exited. */
export function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGKILL')
  })
}

/**
 * The pages a visitor can open (every route the server renders), one of each kind, as [name, url];
 * `only` (a set of names) narrows them.
 */
export async function publicPages(base, only) {
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
  // The tag is made only when it is measured (each call makes one).
  const wantsTag = !only || only.has('tag')
  const tagId = wantsTag
    ? await curatedTag(
        base,
        byPlayers.slice(0, 20).map((e) => e.place_id),
      )
    : 0
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
  ]
    .filter(([name]) => !only || only.has(name))
    .map(([name, path]) => [name, `${base}${path}`])
}

/** An admin in the data dir before the server opens it (PGlite is single-process), as the e2e run seeds. */
function seedAdmin(dataDir) {
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
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LUDEX_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
  )
  // A data dir used before already has the admin.
  if (created.status !== 0 && !/already|exists|taken/i.test(String(created.stderr))) {
    process.stderr.write(created.stderr)
    throw new Error('ludex user create failed')
  }
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
  const created = await post('/api/placetag', { name: `Bench Top 20 ${Date.now()}`, global: true }, cookie)
  if (!created.ok) throw new Error(`tag create: ${created.status}`)
  const { id } = await created.json()
  const added = await post(`/api/placetag/${id}/places`, { place_ids: placeIds }, cookie)
  if (!added.ok) throw new Error(`tag members: ${added.status}`)
  return id
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
