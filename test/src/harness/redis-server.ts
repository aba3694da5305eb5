import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port.ts'

/** Debian's redis-server, or REDIS_SERVER_PATH. */
export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server'

export interface RedisServerOptions {
  /**
   * Keep the data across restart(): an append-only file fsynced on every write, in the temp dir.
   * Off by default (no AOF, no RDB snapshots), so a plain test server touches the disk as little as it can.
   */
  readonly persistent?: boolean
  /** How long start and stop may take before failing. */
  readonly timeoutMs?: number
}

export interface RedisServer {
  readonly host: '127.0.0.1'
  readonly port: number
  /** `redis://127.0.0.1:<port>` */
  readonly url: string
  readonly dir: string
  /** Stops the server (SIGTERM, so a persistent one writes its data) and starts it again on the same port and dir. */
  restart(): Promise<void>
  /** Stops the server only; start() brings it back on the same port and dir. */
  shutdown(): Promise<void>
  start(): Promise<void>
  /** Stops the server and removes its dir. Safe to call twice. */
  stop(): Promise<void>
}

export class RedisServerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'RedisServerError'
  }
}

/** One PING over RESP; true on +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    let reply = ''
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.once('error', () => done(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8')
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'))
    })
  })
}

const live = new Set<ChildProcess>()
// A test file that dies between start and stop must not leave a server behind.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

/**
 * Starts a redis-server on a free 127.0.0.1 port in a temp dir. Resolves once it answers PING.
 * With CI=true or not, a missing redis-server fails with the reason (never a skip).
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const timeoutMs = options.timeoutMs ?? 15_000
  const dir = await mkdtemp(join(tmpdir(), 'ludex-redis-'))
  let port = 0
  let child: ChildProcess | null = null
  let output = ''

  const args = (p: number) => [
    '--port',
    String(p),
    '--bind',
    '127.0.0.1',
    '--protected-mode',
    'yes',
    '--dir',
    dir,
    '--daemonize',
    'no',
    '--save',
    '',
    '--appendonly',
    options.persistent ? 'yes' : 'no',
    // Every write reaches the disk before the reply, so a SIGTERM or crash right after loses nothing.
    '--appendfsync',
    'always',
    '--logfile',
    '',
    '--loglevel',
    'warning',
  ]

  const launch = async (p: number): Promise<void> => {
    output = ''
    const proc = spawn(REDIS_SERVER, args(p), { stdio: ['ignore', 'pipe', 'pipe'] })
    child = proc
    live.add(proc)
    const exited = new Promise<Error>((resolve) => {
      proc.once('error', (err) =>
        resolve(new RedisServerError(`could not run ${REDIS_SERVER}`, { cause: err })),
      )
      proc.once('exit', (code, signal) =>
        resolve(
          new RedisServerError(`redis-server exited (${code ?? signal}): ${output.trim().slice(-500)}`),
        ),
      )
    })
    const collect = (c: Buffer) => {
      output += c.toString('utf8')
    }
    proc.stdout?.on('data', collect)
    proc.stderr?.on('data', collect)
    const until = Date.now() + timeoutMs
    const state: { failure: Error | null } = { failure: null }
    void exited.then((e) => {
      state.failure = e
    })
    while (Date.now() < until) {
      if (state.failure) {
        live.delete(proc)
        throw state.failure
      }
      if (await ping(p)) return
      await new Promise((r) => setTimeout(r, 50))
    }
    proc.kill('SIGKILL')
    live.delete(proc)
    throw new RedisServerError(`redis-server did not answer PING on port ${p} within ${timeoutMs} ms`)
  }

  const halt = async (): Promise<void> => {
    const proc = child
    child = null
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) {
      if (proc) live.delete(proc)
      return
    }
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
    proc.kill('SIGTERM')
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs)
    await exited
    clearTimeout(timer)
    live.delete(proc)
  }

  // The port was free a moment ago; another process may take it before redis binds, so try a few.
  let lastError: unknown
  for (let attempt = 0; attempt < 5 && port === 0; attempt++) {
    const candidate = await freePort()
    try {
      await launch(candidate)
      port = candidate
    } catch (err) {
      lastError = err
      if (err instanceof RedisServerError && err.cause) break // the binary itself is missing
    }
  }
  if (port === 0) {
    await rm(dir, { recursive: true, force: true })
    throw new RedisServerError(
      `could not start redis-server (install Debian's redis-server: test/scripts/install-engines.sh)`,
      { cause: lastError },
    )
  }

  let stopped = false
  return {
    host: '127.0.0.1',
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    async start() {
      if (child) return
      await launch(port)
    },
    async shutdown() {
      await halt()
    },
    async restart() {
      await halt()
      await launch(port)
    },
    async stop() {
      if (stopped) return
      stopped = true
      await halt()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
