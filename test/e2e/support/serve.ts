/**
 * `ludex run` as the e2e tests start it: the same embedded app (simulator, backfill, pollers, API and
 * SPA), except that it serves a private build of the web app. The shared web/dist is rebuilt by anyone
 * running `npm run build` in the same tree, which would swap the hashed chunks under a running test.
 * Beside it, a code library page on a loopback port of its own is the app's CODE_LIBRARY_URL.
 */
import { startRun } from '@ludex/cli'
import { loadConfig } from '@ludex/schemas'
import { systemClock } from '@ludex/workers'
import pino from 'pino'
import { startCodeLibrary } from './code-library.ts'
import { E2E_ENV } from './server.ts'

const staticDir = process.env[E2E_ENV.webDir]
if (!staticDir) throw new Error(`${E2E_ENV.webDir} must name the web build to serve`)
const library = await startCodeLibrary()
process.env.CODE_LIBRARY_URL = library.url
const config = loadConfig()
const logger = pino({ level: config.LOG_LEVEL })
const app = await startRun({ config, logger, clock: systemClock, staticDir })
await new Promise((resolve) => {
  process.once('SIGINT', resolve)
  process.once('SIGTERM', resolve)
})
await app.stop()
await library.close()
