import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { apiRoutes, type RouteDef, type UserRecord } from '@ludex/api'
import { CHART_CATEGORY_IDS, loadConfig } from '@ludex/schemas'
import { createLocalJWKSet, exportJWK, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type ApiFixture, createUser, getJson, signIn, startApiFixture } from '../api/fixture.ts'
import { type FuzzRun, runSchemathesis } from '../harness/schemathesis.ts'

/*
 * Schemathesis over /api/openapi.json against the embedded app on the API fixture's real store (issue
 * 12, item 7): twice, anonymous and signed in as an admin, with a fixed seed, failing on any 5xx, any
 * response that does not match its documented schema, status, content type or headers, any accepted
 * request the document calls invalid (and valid ones refused), and methods a path does not take
 * answered without 405 and Allow. The checks and their few per-call settings are in
 * schemathesis.toml; the app also validates each JSON answer against its zod schema, so a mismatch
 * there is a 500 the run reports.
 *
 * What each run may call:
 * - anonymous: everything, with the production rate limits (an attacker's view: the 429s they give
 *   must be documented), sign-out and role simulation included (401 or a no-op without a session);
 * - signed in: the session of the fixture's only admin on every call, with the fixture's high rate
 *   limits so that valid sign-ups, sign-ins and reset requests reach the handlers behind the limits.
 *   Sign-out and role simulation are not called (they would end or change the session), and the role
 *   change only names the admin itself (signed-in.toml says why). The session must still be the
 *   admin's afterwards.
 *
 * A failure lists each failing call with a curl to replay it and keeps the run's directory (config,
 * JUnit and NDJSON reports). The same seed sends the same requests: rerun this file. LUDEX_FUZZ_SEED
 * and LUDEX_FUZZ_EXAMPLES try another seed or a bigger budget (test/README.md).
 */
const SEED = Number(process.env.LUDEX_FUZZ_SEED ?? 12_007)
/** Test cases per operation and phase: about 3,000 requests and under a minute per run on 2 cores. */
const MAX_EXAMPLES = Number(process.env.LUDEX_FUZZ_EXAMPLES ?? 50)
const RUN_TIMEOUT_MS = 300_000

const HERE = dirname(fileURLToPath(import.meta.url))
const labelsOf = (routes: readonly RouteDef[]) => routes.map((r) => `${r.method} ${r.path}`)

/** Calls no fuzzer can make succeed: they need what only a mailbox or Google hands out. */
const NEEDS_A_SECRET = new Set([
  'POST /api/auth/login', // a password the run does not know
  'POST /api/auth/google', // an ID token Google signed
  'POST /api/auth/verify-email', // tokens sent by mail
  'POST /api/auth/resend-verification',
  'POST /api/auth/password/change',
  'POST /api/events', // a signature made with a credential's secret
  // The fixture holds no dump, and a day's file is a name the run does not know (test/src/api/dumps.test.ts
  // downloads written ones).
  'GET /api/dumps/hourly/{file}',
  // An alert names a tracked place or a visible tag inside a nested body the dictionaries cannot bind,
  // so the run creates none, and has none of its own to test or delete (test/src/api/alerts.test.ts
  // reaches all three; binding them here is left for the next round).
  'POST /api/alerts',
  'POST /api/alerts/{id}/test',
  'DELETE /api/alerts/{id}',
])
/**
 * Limited only once the caller is proven, which an anonymous run never is: game events per key after
 * the signature; an account's deletion counts password attempts after the session (and the signed-in
 * run does not call it, SESSION_ENDERS); an alert's test firings after its owner's session.
 */
const LIMITED_AFTER_THE_SECRET = new Set([
  'POST /api/events',
  'DELETE /api/users/me',
  // A test firing per alert and minute: only its owner's session reaches the limit.
  'POST /api/alerts/{id}/test',
])
/** Not called signed in (signed-in.toml). */
const SESSION_ENDERS = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/simulate-role',
  'DELETE /api/users/me',
])

/** Google sign-in configured against a local key: credentials are verified (and refused), not 404. */
async function googleSignIn() {
  const { publicKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fuzz', alg: 'RS256', use: 'sig' }
  return {
    env: { GOOGLE_CLIENT_ID: 'ludex-fuzz.apps.example' },
    googleKeys: createLocalJWKSet({ keys: [jwk] }),
  }
}

/**
 * The fixture's ids as Schemathesis dictionaries (schemathesis.toml binds parameters to them): places,
 * tags, chart categories, creators, one genre with its sub-genres' slugs, and event credentials' game keys.
 */
async function dictionaries(f: ApiFixture, gameKeys: readonly string[]): Promise<string> {
  const creators = (await getJson<{ id: number }[]>(f, '/api/creator')).body.slice(0, 6).map((c) => c.id)
  const genre = 'obby'
  const subGenres = (await getJson<{ sub_genres: { slug: string }[] }>(f, `/api/genre/${genre}`)).body
    .sub_genres

  const places = f.placeIds.slice(0, 12)
  const lists = [
    ...places.slice(0, 4).map(String),
    places.slice(0, 3).join(','),
    places.slice(3, 9).join(','),
  ]
  const entries: Record<string, readonly (number | string)[]> = {
    places,
    'place-lists': lists,
    tags: f.tags.map((t) => t.id),
    categories: CHART_CATEGORY_IDS,
    creators,
    genres: [genre],
    'sub-genres': subGenres.map((s) => s.slug),
    'game-keys': gameKeys,
  }
  return Object.entries(entries)
    .map(([name, values]) => `\n[dictionaries.${name}]\nvalues = ${JSON.stringify(values)}\n`)
    .join('')
}

/** The run's config (the static files plus the fixture's dictionaries) in a fresh directory. */
async function prepareRun(f: ApiFixture, name: string, parts: readonly string[]) {
  const dir = await mkdtemp(join(tmpdir(), `ludex-fuzz-${name}-`))
  const texts = await Promise.all(parts.map((p) => readFile(join(HERE, p), 'utf8')))
  const configFile = join(dir, 'schemathesis.toml')
  // Event credentials for the calls that name one by its game key (renamed, disabled, deleted by the run).
  const gameKeys: string[] = []
  for (const i of [1, 2, 3]) {
    const created = await f.accounts.credentials!.create({
      placeId: f.placeIds[i]!,
      comment: `Fuzz ${name} ${i}`,
      createdBy: null,
      at: new Date(f.now),
    })
    gameKeys.push(created.game_key)
  }
  await writeFile(configFile, [...texts, await dictionaries(f, gameKeys)].join('\n'))
  return { dir, configFile }
}

/** Every failure with its replay, where the reports were kept, and how to rerun. */
function report(run: FuzzRun, dir: string): string {
  const failures = run.failures.map((x) => `── ${x.kind}: ${x.operation}\n${x.text}`).join('\n\n')
  return [
    `Schemathesis exited ${run.exitCode} after ${run.requests} requests (seed ${SEED}, ${MAX_EXAMPLES} examples).`,
    failures || run.output.slice(-6000),
    `Reports and config kept in ${dir}. The same seed sends the same requests: rerun`,
    'npx vitest run test/src/fuzz/openapi-fuzz.test.ts (st ran as:',
    `${run.command})`,
  ].join('\n')
}

/** Operations that never answered 200 in the run. */
function withoutSuccess(run: FuzzRun, labels: readonly string[]): string[] {
  return labels.filter((label) => !run.statuses.get(label)?.has(200))
}

/**
 * One Schemathesis run over the fixture's API, checked for failures and a clean exit. The run's
 * directory is removed once the calling test has passed, and kept for any failure (its own checks too).
 */
async function fuzz(
  f: ApiFixture,
  name: string,
  parts: readonly string[],
  env?: Record<string, string>,
): Promise<FuzzRun> {
  const { dir, configFile } = await prepareRun(f, name, parts)
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'pass') await rm(dir, { recursive: true, force: true })
  })
  const run = await runSchemathesis({
    schemaUrl: `${f.url}/api/openapi.json`,
    configFile,
    seed: SEED,
    maxExamples: MAX_EXAMPLES,
    reportDir: dir,
    timeoutMs: RUN_TIMEOUT_MS,
    ...(env && { env }),
  })
  expect(run.failures, report(run, dir)).toEqual([])
  expect(run.exitCode, report(run, dir)).toBe(0)
  return run
}

describe('API fuzz run (Schemathesis over /api/openapi.json)', () => {
  describe('anonymous, with the production rate limits', () => {
    let f: ApiFixture
    beforeAll(async () => {
      const defaults = loadConfig({})
      const google = await googleSignIn()
      f = await startApiFixture({
        googleKeys: google.googleKeys,
        env: {
          ...google.env,
          RATE_LIMIT_LOGIN: String(defaults.RATE_LIMIT_LOGIN),
          RATE_LIMIT_REGISTER: String(defaults.RATE_LIMIT_REGISTER),
          RATE_LIMIT_PASSWORD_RESET: String(defaults.RATE_LIMIT_PASSWORD_RESET),
          RATE_LIMIT_RESEND: String(defaults.RATE_LIMIT_RESEND),
        },
      })
    })
    afterAll(async () => {
      await f?.close()
    })

    it('finds no failure, reaches every public read, and meets every rate limit', {
      timeout: RUN_TIMEOUT_MS + 60_000,
    }, async () => {
      const run = await fuzz(f, 'anonymous', ['schemathesis.toml'])
      // The run reached the data: every public call that can succeed did (a series, a price, a badge
      // list, not only 404s), and each call behind a limit met it, with a 429 the checks accepted.
      const limited = labelsOf(apiRoutes.filter((r) => r.errors?.includes(429))).filter(
        (l) => !LIMITED_AFTER_THE_SECRET.has(l),
      )
      expect(limited.length).toBeGreaterThanOrEqual(6)
      expect(limited.filter((l) => !run.statuses.get(l)?.has(429))).toEqual([])
      const open = labelsOf(apiRoutes.filter((r) => !r.requires))
      expect(
        withoutSuccess(
          run,
          open.filter((l) => !NEEDS_A_SECRET.has(l) && !limited.includes(l)),
        ),
      ).toEqual([])
      // A visitor never got past a call that needs a session.
      const guarded = labelsOf(apiRoutes.filter((r) => r.requires))
      expect(guarded.filter((l) => run.statuses.get(l)?.has(200))).toEqual([])
    })
  })

  describe('signed in as the only admin', () => {
    let f: ApiFixture
    let admin: UserRecord
    let session = ''
    beforeAll(async () => {
      const google = await googleSignIn()
      f = await startApiFixture({ googleKeys: google.googleKeys, env: google.env })
      admin = await createUser(f, { role: 'admin' })
      session = await signIn(f, admin.email)
    })
    afterAll(async () => {
      await f?.close()
    })

    it('finds no failure, reaches every call a session opens, and keeps the session', {
      timeout: RUN_TIMEOUT_MS + 60_000,
    }, async () => {
      const run = await fuzz(f, 'signed-in', ['schemathesis.toml', 'signed-in.toml'], {
        LUDEX_FUZZ_SESSION: session.slice(session.indexOf('=') + 1),
        LUDEX_FUZZ_ADMIN_ID: String(admin.id),
      })
      for (const label of SESSION_ENDERS) expect(run.statuses.has(label), label).toBe(false)
      // Staff calls, the user's own calls and the public ones all answered 200 at least once.
      const reachable = labelsOf(apiRoutes).filter((l) => !NEEDS_A_SECRET.has(l) && !SESSION_ENDERS.has(l))
      expect(withoutSuccess(run, reachable)).toEqual([])
      // The run ended as it began: signed in, as an admin.
      const me = await getJson<{ user: { role: string; simulating: boolean } | null }>(
        { ...f, headers: { cookie: session } },
        '/api/auth/session',
      )
      expect(me.status).toBe(200)
      expect(me.body.user).toMatchObject({ role: 'admin', simulating: false })
    })
  })
})
