import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * A ClickHouse server for tests, speaking ClickHouse's HTTP interface on a loopback port, with chDB
 * (the real ClickHouse engine, embedded) behind it. No ClickHouse server binary can be installed on
 * this machine (Debian ships 18.16, far too old for Ludex's SQL; no Docker), so the distributed
 * shape's CLICKHOUSE_URL path is tested against this. It runs in its own process: chDB binds one data
 * dir per process, and a test usually also wants a chDB of its own (to compare) or several Ludex
 * processes talking to one store. Protocol details: clickhouse-http/server.ts and test/README.md.
 */
export interface ClickHouseHttp {
  /** Base URL, e.g. http://127.0.0.1:43211 (CLICKHOUSE_URL; add user:password@ when configured). */
  readonly url: string
  /** The engine's version (chDB's ClickHouse). */
  readonly version: string
  /** CLICKHOUSE_URL with the credentials this server was started with. */
  readonly clickhouseUrl: string
  /** The server's process id (benchmarks read its CPU time). */
  readonly pid: number
  /** Requests the server answered, by kind. */
  stats(): Promise<Record<'query' | 'insert' | 'ping' | 'error', number>>
  stop(): Promise<void>
}

export interface StartClickHouseHttpOptions {
  /** chDB data dir; a fresh temp dir (removed on stop) when omitted. */
  readonly dataDir?: string
  readonly user?: string
  readonly password?: string
  /** How long to wait for the server to listen (default 60 s). */
  readonly startTimeoutMs?: number
}

export class ClickHouseHttpStartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ClickHouseHttpStartError'
  }
}

const require = createRequire(import.meta.url)
const MAIN = fileURLToPath(new URL('./clickhouse-http/main.ts', import.meta.url))
const TSX = pathToFileURL(require.resolve('tsx/esm')).href

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

export async function startClickHouseHttp(options: StartClickHouseHttpOptions = {}): Promise<ClickHouseHttp> {
  const ownDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'ludex-ch-http-')))
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    env: {
      ...process.env,
      LUDEX_CH_HTTP_PATH: dataDir,
      ...(options.user !== undefined && { LUDEX_CH_HTTP_USER: options.user }),
      ...(options.password !== undefined && { LUDEX_CH_HTTP_PASSWORD: options.password }),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-4000)
  })

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      if (!(await waitForExit(child, 10_000))) {
        child.kill('SIGKILL')
        await waitForExit(child, 5_000)
      }
    }
    if (ownDir) await rm(dataDir, { recursive: true, force: true })
  }

  let ready: { url: string; version: string }
  try {
    ready = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ClickHouseHttpStartError(`ClickHouse HTTP harness did not start: ${stderr}`)),
        options.startTimeoutMs ?? 60_000,
      )
      let out = ''
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString('utf8')
        const nl = out.indexOf('\n')
        if (nl >= 0) {
          clearTimeout(timer)
          try {
            resolve(JSON.parse(out.slice(0, nl)) as { url: string; version: string })
          } catch (cause) {
            reject(new ClickHouseHttpStartError(`Unexpected harness output: ${out}`, { cause }))
          }
        }
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new ClickHouseHttpStartError(`ClickHouse HTTP harness exited (${code ?? signal}): ${stderr}`))
      })
    })
  } catch (err) {
    await stop()
    throw err
  }

  const withCredentials = new URL(ready.url)
  if (options.user !== undefined) {
    withCredentials.username = options.user
    withCredentials.password = options.password ?? ''
  }
  return {
    url: ready.url,
    version: ready.version,
    clickhouseUrl: withCredentials.href.replace(/\/$/, ''),
    pid: child.pid as number,
    stats: async () => {
      const res = await fetch(`${ready.url}/harness/stats`)
      return (await res.json()) as Record<'query' | 'insert' | 'ping' | 'error', number>
    },
    stop,
  }
}
