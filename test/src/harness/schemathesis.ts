import { execFile, spawn } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { unescapeMarkup } from '@ludex/schemas'

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
/** Every package of the fuzzer pinned; test/scripts/install-engines.sh installs from it. */
export const SCHEMATHESIS_REQUIREMENTS = join(REPO_ROOT, 'test/engines/schemathesis/requirements.txt')
/** The `st` command of the venv install-engines.sh builds. */
export const SCHEMATHESIS_BIN =
  process.env.LUDEX_SCHEMATHESIS_BIN ?? join(REPO_ROOT, '.test-engines/schemathesis/bin/st')

export class SchemathesisError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SchemathesisError'
  }
}

/** The Schemathesis version the requirements pin. */
export async function pinnedSchemathesisVersion(): Promise<string> {
  const text = await readFile(SCHEMATHESIS_REQUIREMENTS, 'utf8')
  const version = /^schemathesis==(\S+)$/m.exec(text)?.[1]
  if (!version) throw new SchemathesisError(`${SCHEMATHESIS_REQUIREMENTS} does not pin schemathesis`)
  return version
}

/** The installed `st` and its version, which must be the pinned one (a seed replays on it only). */
export async function probeSchemathesis(): Promise<string> {
  const pinned = await pinnedSchemathesisVersion()
  const { stdout } = await promisify(execFile)(SCHEMATHESIS_BIN, ['--version'], { timeout: 60_000 })
  const installed = /version (\S+)/.exec(stdout)?.[1]
  if (installed !== pinned) {
    throw new SchemathesisError(
      `${SCHEMATHESIS_BIN} is Schemathesis ${installed ?? '?'}, the requirements pin ${pinned} (run make test-engines)`,
    )
  }
  return `Schemathesis ${installed}`
}

/** One failing operation as the JUnit report states it (the check, the answer, a curl to replay). */
export interface FuzzFailure {
  readonly operation: string
  readonly kind: 'failure' | 'error'
  readonly text: string
}

export interface FuzzRun {
  readonly exitCode: number | null
  /** What `st` printed (stdout and stderr), for the failure message. */
  readonly output: string
  readonly failures: readonly FuzzFailure[]
  /** The statuses answered per operation label ('GET /api/place'), counted, from the NDJSON events. */
  readonly statuses: ReadonlyMap<string, ReadonlyMap<number, number>>
  /** How many requests were sent. */
  readonly requests: number
  /** The command line, to rerun by hand (the config file lies in the report dir). */
  readonly command: string
}

export interface FuzzOptions {
  /** The OpenAPI document's URL on the app under test. */
  readonly schemaUrl: string
  readonly configFile: string
  readonly seed: number
  readonly maxExamples: number
  /** Where the reports go; also the working directory of `st`. */
  readonly reportDir: string
  /** Variables the config file reads (`${NAME}`). */
  readonly env?: Record<string, string>
  readonly timeoutMs: number
}

/** The failures and errors of Schemathesis' JUnit report: one test case per operation. */
export function junitFailures(xml: string): FuzzFailure[] {
  const out: FuzzFailure[] = []
  // A passing operation is a self-closing <testcase ... />; only the others have a body.
  for (const testCase of xml.matchAll(/<testcase name="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    for (const problem of (testCase[2] ?? '').matchAll(/<(failure|error)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
      out.push({
        operation: unescapeMarkup(testCase[1] ?? ''),
        kind: problem[1] as 'failure' | 'error',
        text: unescapeMarkup(problem[2] ?? '').trim(),
      })
    }
  }
  return out
}

interface Interaction {
  readonly response?: { readonly status_code: number } | null
}
interface ScenarioFinished {
  readonly recorder: { readonly label: string; readonly interactions?: Record<string, Interaction> }
}

/** Statuses per operation from the NDJSON event stream (read line by line: it runs to megabytes). */
async function statusesOf(
  ndjsonFile: string,
): Promise<{ statuses: Map<string, Map<number, number>>; requests: number }> {
  const statuses = new Map<string, Map<number, number>>()
  let requests = 0
  const lines = createInterface({
    input: createReadStream(ndjsonFile, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  for await (const line of lines) {
    if (!line.startsWith('{"ScenarioFinished"')) continue
    const { recorder } = (JSON.parse(line) as { ScenarioFinished: ScenarioFinished }).ScenarioFinished
    for (const interaction of Object.values(recorder.interactions ?? {})) {
      const status = interaction.response?.status_code
      if (status === undefined) continue
      requests++
      const counts = statuses.get(recorder.label) ?? new Map<number, number>()
      counts.set(status, (counts.get(status) ?? 0) + 1)
      statuses.set(recorder.label, counts)
    }
  }
  return { statuses, requests }
}

/**
 * Runs `st run` once with a fixed seed and example budget, waiting on the process (the app under
 * test answers in this process meanwhile), and reads its JUnit and NDJSON reports.
 */
export async function runSchemathesis(options: FuzzOptions): Promise<FuzzRun> {
  const args = [
    '--config-file',
    options.configFile,
    'run',
    options.schemaUrl,
    '--seed',
    String(options.seed),
    '--max-examples',
    String(options.maxExamples),
    '--no-color',
    '--report',
    'junit,ndjson',
    '--report-dir',
    options.reportDir,
    '--report-junit-path',
    join(options.reportDir, 'junit.xml'),
    '--report-ndjson-path',
    join(options.reportDir, 'events.ndjson'),
  ]
  const child = spawn(SCHEMATHESIS_BIN, args, {
    cwd: options.reportDir,
    env: { ...process.env, ...options.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    output += c
  })
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    output += c
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
  const exitCode = await new Promise<number | null>((resolveExit, reject) => {
    child.on('error', (cause) =>
      reject(new SchemathesisError(`${SCHEMATHESIS_BIN} did not start`, { cause })),
    )
    child.on('close', (code) => resolveExit(code))
  }).finally(() => clearTimeout(timer))
  const files = await readdir(options.reportDir)
  if (!files.includes('junit.xml') || !files.includes('events.ndjson')) {
    throw new SchemathesisError(`st wrote no reports (exit ${exitCode}):\n${output.slice(-4000)}`)
  }
  const failures = junitFailures(await readFile(join(options.reportDir, 'junit.xml'), 'utf8'))
  const { statuses, requests } = await statusesOf(join(options.reportDir, 'events.ndjson'))
  const command = [SCHEMATHESIS_BIN, ...args].map((a) => (/^[\w./:=,@-]+$/.test(a) ? a : `'${a}'`)).join(' ')
  return { exitCode, output, failures, statuses, requests, command }
}
