import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { freePort } from '../src/harness/free-port.ts'
import { SEEDED, userCreateArgs } from './support/accounts.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts'
import { E2E_ENV } from './support/server.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

// The config is evaluated by the runner and again by each worker: the port and data dir are chosen once,
// by the runner, and passed down through the environment the workers inherit.
const port = process.env[E2E_ENV.port] ?? String(await freePort())
const runDir = process.env[E2E_ENV.runDir] ?? mkdtempSync(join(tmpdir(), 'ludex-e2e-'))
process.env[E2E_ENV.port] = port
process.env[E2E_ENV.runDir] = runDir
const webDir = join(runDir, 'web')
const baseURL = `http://127.0.0.1:${port}`
const ludex = 'node --max-semi-space-size=64 bin/ludex.mjs'
// The accounts the tests sign in with, made by the operator's command before the server opens the app
// database (PGlite is single-process). They run beside the web build; the server starts once both are done.
const seedUsers = Object.values(SEEDED)
  .map((u) => `${ludex} ${userCreateArgs(u)} >/dev/null`)
  .join(' && ')

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against `ludex run` with the simulator
 * (see support/serve.ts) on a fresh data dir (35 days of backfill on 150 experiences: about 25 s on 2 cores;
 * the server answers from the start, and /readyz, which the run waits for, once the whole history is in).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  fullyParallel: false,
  // Two cores: the server takes one; a second worker mostly waits on it.
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: join(repoRoot, '.playwright-results.json') }]],
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } } }],
  webServer: {
    // A private build (see support/serve.ts) and the seeded accounts, then `ludex run` serving the build.
    command: [
      `npm run build -w @ludex/web --silent -- --outDir ${webDir} --emptyOutDir >/dev/null & build=$!`,
      `${seedUsers}; seeded=$?`,
      'wait $build && [ $seeded -eq 0 ] && exec node --max-semi-space-size=64 --import tsx test/e2e/support/serve.ts',
    ].join('; '),
    cwd: repoRoot,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: port,
      LUDEX_DATA_DIR: join(runDir, 'data'),
      [E2E_ENV.webDir]: webDir,
      SIMULATOR_EXPERIENCES: '150',
      BACKFILL_DAYS: '35',
      // The specs read the whole history (ranges, movement, picks): /readyz waits for all of it.
      BACKFILL_READY: 'complete',
      SIMULATOR_FAULT_RATE: '0',
      LOG_LEVEL: 'warn',
      // The footer's configured links (legal-pages.spec.ts checks them).
      SOCIAL_LINKS: 'GitHub=https://github.com/ludex-e2e/ludex,Discord=https://discord.gg/ludex-e2e',
      FEEDBACK_EMAIL: 'feedback@ludex.test',
      // Mail links point at the address the tests use, and its Origin is the allowed one.
      PUBLIC_URL: baseURL,
      // The tests read verification and reset links from the outbox page (loopback only).
      MAIL_OUTBOX_PAGE: 'true',
      // Every test signs in (and some sign up) from one address: the production limits would refuse
      // the suite part-way. The limits themselves are covered by the API tests.
      RATE_LIMIT_LOGIN: '1000',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_PASSWORD_RESET: '1000',
      RATE_LIMIT_RESEND: '1000',
      // Every page of the suite sends its page views (and some tests error reports) from one address.
      RATE_LIMIT_SITE_EVENTS: '1000',
      RATE_LIMIT_ERROR_REPORTS: '1000',
      // The whole suite's calls come from one address, in parallel workers.
      RATE_LIMIT_API: '1000000',
      RATE_LIMIT_API_KEY: '1000000',
      // alerts.spec.ts: its webhook receivers listen on loopback, and a test firing is sent within a second.
      ALERT_WEBHOOK_ALLOW_PRIVATE: 'true',
      ALERTS_POLL_MS: '1000',
    },
  },
})
