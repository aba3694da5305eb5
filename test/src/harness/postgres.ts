import { execFile } from 'node:child_process'
import { chown, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './free-port.ts'

const run = promisify(execFile)

/** A real PostgreSQL server for one test file: loopback only, its files in a temp dir, stopped after. */
export interface PostgresServer {
  /** postgres://…@127.0.0.1:port/postgres */
  readonly url: string
  readonly version: string
  stop(): Promise<void>
}

export class PostgresHarnessError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PostgresHarnessError'
  }
}

/** Debian's server binaries: POSTGRES_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
export async function postgresBinDir(): Promise<string> {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN
  const root = '/usr/lib/postgresql'
  const versions = (await readdir(root).catch(() => [] as string[]))
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
  for (const v of versions) {
    const bin = join(root, v, 'bin')
    if (await stat(join(bin, 'postgres')).catch(() => null)) return bin
  }
  throw new PostgresHarnessError(`No PostgreSQL server under ${root}/*/bin (apt-get install postgresql)`)
}

const isRoot = () => process.getuid?.() === 0

/** initdb and postgres refuse to run as root: as root they run as the `postgres` system user. */
async function asServerUser(bin: string, args: readonly string[], timeoutMs: number) {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, [...args]]
  return run(file, argv as string[], { timeout: timeoutMs })
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ])
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) }
}

/**
 * initdb into a temp dir, then pg_ctl start on a free loopback port with the unix socket in the temp
 * dir (durability off: a test server). Throws with the server's log when it does not come up.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = await postgresBinDir()
  const dir = await mkdtemp(join(tmpdir(), 'ludex-pg-'))
  const data = join(dir, 'data')
  const log = join(dir, 'server.log')
  try {
    if (isRoot()) {
      const ids = await postgresUserIds()
      await chown(dir, ids.uid, ids.gid)
    }
    await asServerUser(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'ludex', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync'],
      60_000,
    )
    const port = await freePort()
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=40',
      '-c shared_buffers=32MB',
    ].join(' ')
    await asServerUser(
      join(bin, 'pg_ctl'),
      ['start', '-D', data, '-w', '-t', '60', '-l', log, '-o', options],
      90_000,
    )
    const { stdout } = await run(join(bin, 'postgres'), ['--version'])
    let stopped = false
    return {
      url: `postgres://ludex@127.0.0.1:${port}/postgres`,
      version: stdout.trim(),
      stop: async () => {
        if (stopped) return
        stopped = true
        try {
          await asServerUser(
            join(bin, 'pg_ctl'),
            ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30'],
            60_000,
          )
        } finally {
          await rm(dir, { recursive: true, force: true })
        }
      },
    }
  } catch (cause) {
    const serverLog = await readFile(log, 'utf8').catch(() => '')
    await asServerUser(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate'], 30_000).catch(() => {})
    await rm(dir, { recursive: true, force: true })
    throw new PostgresHarnessError(`PostgreSQL did not start${serverLog ? `:\n${serverLog}` : ''}`, { cause })
  }
}
