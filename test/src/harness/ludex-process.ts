import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { configSchema } from '@ludex/schemas'

/** The `ludex` command of this checkout, run as a separate process (as an operator or a container would). */
export const LUDEX_BIN = fileURLToPath(new URL('../../../bin/ludex.mjs', import.meta.url))

/**
 * The child's environment: this process's, minus every Ludex setting (a developer's CLICKHOUSE_URL or
 * KAFKA_BROKERS must not leak into a test), plus the test's own. A test's every call comes from one
 * address, so the public API's budget is lifted unless the test sets it.
 */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env }
  for (const key of Object.keys(configSchema.shape)) delete out[key]
  return { ...out, LOG_LEVEL: 'warn', RATE_LIMIT_API: '1000000', ...env }
}

export interface LudexRun {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

export class LudexProcessError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'LudexProcessError'
  }
}

function waitForExit(
  child: ChildProcess,
  timeoutMs: number,
): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode })
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new LudexProcessError(`still running after ${timeoutMs} ms`)),
      timeoutMs,
    )
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal })
    })
  })
}

/** Runs `ludex <args>` to completion (bounded); for commands expected to exit on their own. */
export async function runLudex(
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<LudexRun> {
  const child = spawn(process.execPath, [LUDEX_BIN, ...args], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
  try {
    const { code } = await waitForExit(child, timeoutMs)
    return { code, stdout, stderr }
  } catch (err) {
    child.kill('SIGKILL')
    throw err
  }
}

export interface LudexProcess {
  readonly pid: number
  /** Where the process serves /healthz, /readyz and /metrics. */
  readonly healthUrl: string
  /** The API's base URL when the process runs the api role. */
  readonly apiUrl: string | null
  output(): { stdout: string; stderr: string }
  /** Sends the signal and waits (bounded) for the exit; SIGKILL if it does not come. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: string | null }>
}

const running = new Set<ChildProcess>()

/** Kills every process spawnLudex started that is still running (afterAll, also after a failure). */
export async function killAllLudex(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      child.kill('SIGKILL')
      await waitForExit(child, 10_000).catch(() => undefined)
      running.delete(child)
    }),
  )
}

/**
 * Starts a long-running `ludex <args>` and resolves once it announces where it serves health (the
 * role commands print `... health and metrics at URL` on stderr when started).
 */
export async function spawnLudex(
  args: readonly string[],
  env: Record<string, string>,
  options: { startTimeoutMs?: number } = {},
): Promise<LudexProcess> {
  const child = spawn(process.execPath, [LUDEX_BIN, ...args], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d: Buffer) => (stdout = (stdout + d.toString('utf8')).slice(-200_000)))
  const started = new Promise<{ healthUrl: string; apiUrl: string | null }>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new LudexProcessError(`ludex ${args.join(' ')} did not start: ${stderr}\n${stdout.slice(-4000)}`),
        ),
      options.startTimeoutMs ?? 90_000,
    )
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString('utf8')
      const health = /health and metrics at (http:\/\/\S+)/.exec(stderr)
      if (health) {
        clearTimeout(timer)
        resolve({ healthUrl: health[1]!, apiUrl: /Ludex API at (http:\/\/\S+)/.exec(stderr)?.[1] ?? null })
      }
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new LudexProcessError(`ludex ${args.join(' ')} exited (${code ?? signal}): ${stderr}`))
    })
  })
  let urls: { healthUrl: string; apiUrl: string | null }
  try {
    urls = await started
  } catch (err) {
    child.kill('SIGKILL')
    running.delete(child)
    throw err
  }
  return {
    ...urls,
    pid: child.pid as number,
    output: () => ({ stdout, stderr }),
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal)
      try {
        return await waitForExit(child, 60_000)
      } catch (err) {
        child.kill('SIGKILL')
        throw err
      } finally {
        running.delete(child)
      }
    },
  }
}
