import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { probeKafka } from './kafka-broker.ts'
import { postgresBinDir } from './postgres.ts'
import { probeSchemathesis } from './schemathesis.ts'

/**
 * The real engines the suite runs against, and how to tell whether each is here. With CI=true a
 * missing engine fails the run; on a developer's machine the tests that need it fail with the same
 * message (they never skip silently).
 */
export interface EngineCheck {
  readonly name: string
  /** Resolves with a version or detail string, rejects with the reason the engine is unavailable. */
  readonly probe: () => Promise<string>
  readonly install: string
}

/** Debian's Lua 5.4 interpreter: it runs the Luau module of the Event Credentials page (src/events/). */
export const LUA = process.env.LUA_PATH ?? 'lua5.4'

export const engines: readonly EngineCheck[] = [
  {
    name: 'chDB (embedded ClickHouse)',
    install: 'npm ci (package chdb brings its native library)',
    probe: async () => {
      const chdb = (await import('chdb')) as { query: (sql: string, format: string) => string }
      return `ClickHouse ${chdb.query('SELECT version()', 'TSVRaw').trim()}`
    },
  },
  {
    // The e2e tests and the Lighthouse bench drive Debian's Chromium; no browser is ever downloaded.
    name: 'Chromium',
    install: 'apt-get install -y chromium (make test-engines does it)',
    probe: async () => {
      const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
      const { stdout } = await promisify(execFile)(path, ['--version'], { timeout: 30_000 })
      return stdout.trim()
    },
  },
  {
    // The distributed scheduler (BullMQ), shared rate limits and caches; the harness starts its own servers.
    name: 'Redis',
    install: 'apt-get install -y redis-server (make test-engines does it)',
    probe: async () => {
      const path = process.env.REDIS_SERVER_PATH ?? 'redis-server'
      const { stdout } = await promisify(execFile)(path, ['--version'], { timeout: 30_000 })
      return stdout.trim().split(' ').slice(0, 3).join(' ')
    },
  },
  {
    // The app database's repositories run against PGlite and against Debian's PostgreSQL server.
    name: 'PostgreSQL server',
    install: 'apt-get install -y postgresql (make test-engines does it)',
    probe: async () => {
      const bin = await postgresBinDir()
      const { stdout } = await promisify(execFile)(join(bin, 'postgres'), ['--version'], { timeout: 30_000 })
      // As root the harness runs the server as the postgres system user through runuser.
      if (process.getuid?.() === 0) {
        await promisify(execFile)('runuser', ['-u', 'postgres', '--', 'true'], { timeout: 30_000 })
      }
      return stdout.trim()
    },
  },
  {
    // The Luau module studios are given (schemas' events/luau-module.ts) keeps to the syntax Luau shares
    // with Lua, so its signing, batching and retries run here with stand-ins for Roblox's services.
    name: 'Lua 5.4',
    install: 'apt-get install -y lua5.4 (make test-engines does it)',
    probe: async () => {
      const { stdout, stderr } = await promisify(execFile)(LUA, ['-v'], { timeout: 30_000 })
      return (stdout || stderr).trim()
    },
  },
  {
    // Started per test file by kafka-broker.ts (KRaft combined mode) from the jars Maven resolved.
    name: 'Apache Kafka (Java 17 + Maven Central jars)',
    install:
      'make test-engines (Debian openjdk-17-jre-headless and maven; mvn resolves test/engines/kafka/pom.xml)',
    probe: probeKafka,
  },
  {
    // The API fuzz run (test/src/fuzz): Schemathesis in a venv of its own, every package pinned.
    name: 'Schemathesis (API fuzzer, Python venv)',
    install: 'make test-engines (python3 -m venv, pip install -r test/engines/schemathesis/requirements.txt)',
    probe: probeSchemathesis,
  },
]

export class MissingEngineError extends Error {
  constructor(engine: string, install: string, options: { cause: unknown }) {
    super(`Required test engine '${engine}' is not available (install: ${install})`, options)
    this.name = 'MissingEngineError'
  }
}
