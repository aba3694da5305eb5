import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DataDirLockRecord } from '@ludex/schemas'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { opensDataDir } from './data-dir-use.ts'
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE, readDataDirLock } from './lock.ts'
import { holderState } from './process-identity.ts'

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: Array<Record<string, unknown>> = []
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) })
  return { logger, lines }
}

/** The pid of a process that has exited (and been reaped): what a crashed holder leaves in its lock. */
async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  const pid = child.pid as number
  await new Promise((resolve) => child.once('exit', resolve))
  return pid
}

const ownStart = async () => (await readFile('/proc/self/stat', 'utf8')).split(') ')[1]!.split(' ')[19]!

function record(overrides: Partial<DataDirLockRecord>): DataDirLockRecord {
  return {
    pid: process.pid,
    process_start: null,
    started_at: new Date(0).toISOString(),
    host: hostname(),
    command: 'ludex run',
    id: 'forged',
    ...overrides,
  }
}

describe('the data dir lock', () => {
  let root: string
  let n = 0
  const freshDir = () => join(root, `dir-${++n}`)
  const silent = pino({ level: 'silent' })

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'ludex-lock-'))
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('records pid, start time and command; refuses a second holder by name; is free again once released', async () => {
    const dir = freshDir()
    const lock = await acquireDataDirLock(dir, { command: 'ludex run', logger: silent })
    const onDisk = await readDataDirLock(dir)
    expect(onDisk).toEqual(lock.record)
    expect(onDisk).toMatchObject({ pid: process.pid, process_start: await ownStart(), command: 'ludex run' })
    expect(Date.parse(onDisk!.started_at)).toBeLessThanOrEqual(Date.now())

    const refused = await acquireDataDirLock(dir, { command: 'ludex migrate', logger: silent }).catch(
      (e) => e,
    )
    expect(refused).toBeInstanceOf(DataDirInUseError)
    expect((refused as Error).message).toMatch(
      new RegExp(`^the data dir .*dir-${n} is in use by ludex run \\(pid ${process.pid}, started `),
    )
    expect((refused as Error).message).toMatch(/Stop that process first/)
    // Nothing of the refused attempt is left behind.
    expect(await readdir(dir)).toEqual([LOCK_FILE])

    await lock.release()
    expect(await readdir(dir)).toEqual([])
    const again = await acquireDataDirLock(dir, { command: 'ludex migrate', logger: silent })
    await again.release()
    await again.release()
  })

  it('takes over the lock of a process that is gone, with a log line', async () => {
    const dir = freshDir()
    const gone = await exitedPid()
    await acquireDataDirLock(dir, { command: 'setup', logger: silent }).then((l) => l.release())
    await writeFile(join(dir, LOCK_FILE), JSON.stringify(record({ pid: gone, process_start: '1' })))
    expect(await holderState({ pid: gone, process_start: '1', host: hostname() })).toBe('exited')

    const { logger, lines } = recordingLogger()
    const lock = await acquireDataDirLock(dir, { command: 'ludex user create', logger })
    expect((await readDataDirLock(dir))?.id).toBe(lock.record.id)
    const line = lines.find((l) => l.msg === 'stale data dir lock taken over')
    expect(line).toMatchObject({ level: 40, reason: 'exited', stale: { pid: gone, command: 'ludex run' } })
    await lock.release()
  })

  it('takes over a lock whose pid now belongs to a process started at another time', async () => {
    const dir = freshDir()
    await acquireDataDirLock(dir, { command: 'setup', logger: silent }).then((l) => l.release())
    // This very process runs under the pid, but it did not start at the recorded time.
    await writeFile(join(dir, LOCK_FILE), JSON.stringify(record({ process_start: '1' })))
    const { logger, lines } = recordingLogger()
    const lock = await acquireDataDirLock(dir, { command: 'ludex run', logger })
    expect(lines.find((l) => l.msg === 'stale data dir lock taken over')).toMatchObject({
      reason: 'pid reused',
    })
    await lock.release()
  })

  it('takes over a file that is not a lock record; refuses a holder on another host (it cannot be checked)', async () => {
    const dir = freshDir()
    await acquireDataDirLock(dir, { command: 'setup', logger: silent }).then((l) => l.release())
    await writeFile(join(dir, LOCK_FILE), 'not json')
    const { logger, lines } = recordingLogger()
    const lock = await acquireDataDirLock(dir, { command: 'ludex run', logger })
    expect(lines.find((l) => l.msg === 'stale data dir lock taken over')).toMatchObject({
      reason: 'unreadable',
      stale: null,
    })
    await lock.release()

    await writeFile(
      join(dir, LOCK_FILE),
      JSON.stringify(record({ host: 'elsewhere', pid: await exitedPid() })),
    )
    const refused = await acquireDataDirLock(dir, { command: 'ludex run', logger: silent }).catch((e) => e)
    expect(refused).toBeInstanceOf(DataDirInUseError)
    expect((refused as Error).message).toMatch(/on elsewhere/)
  })

  it('lets only one of three takers racing for the same stale lock have it', async () => {
    const dir = freshDir()
    await acquireDataDirLock(dir, { command: 'setup', logger: silent }).then((l) => l.release())
    for (let round = 0; round < 10; round++) {
      await writeFile(join(dir, LOCK_FILE), JSON.stringify(record({ pid: await exitedPid() })))
      const outcomes = await Promise.allSettled(
        ['a', 'b', 'c'].map((c) => acquireDataDirLock(dir, { command: c, logger: silent })),
      )
      const won = outcomes.filter((o) => o.status === 'fulfilled')
      expect(won).toHaveLength(1)
      for (const o of outcomes) {
        if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(DataDirInUseError)
      }
      const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof acquireDataDirLock>>>).value
      expect((await readDataDirLock(dir))?.id).toBe(winner.record.id)
      await winner.release()
      expect(await readdir(dir)).toEqual([])
    }
  })

  it('a release removes only its own lock', async () => {
    const dir = freshDir()
    const first = await acquireDataDirLock(dir, { command: 'first', logger: silent })
    // Someone judged it stale and replaced it (as after a pid reuse): the first release leaves theirs.
    await writeFile(join(dir, LOCK_FILE), JSON.stringify(record({ id: 'theirs' })))
    await first.release()
    expect((await readDataDirLock(dir))?.id).toBe('theirs')
  })

  it('is needed only for stores the configuration keeps in the data dir', () => {
    const none = { CLICKHOUSE_URL: undefined, DATABASE_URL: undefined }
    expect(opensDataDir(none, { analytics: true })).toBe(true)
    expect(opensDataDir(none, { appDatabase: true })).toBe(true)
    expect(opensDataDir(none, {})).toBe(false)
    expect(opensDataDir({ ...none, CLICKHOUSE_URL: 'http://ch:8123' }, { analytics: true })).toBe(false)
    expect(
      opensDataDir({ ...none, CLICKHOUSE_URL: 'http://ch:8123' }, { analytics: true, appDatabase: true }),
    ).toBe(true)
    expect(
      opensDataDir(
        { CLICKHOUSE_URL: 'http://ch:8123', DATABASE_URL: 'postgres://db/ludex' },
        { analytics: true, appDatabase: true },
      ),
    ).toBe(false)
  })
})
