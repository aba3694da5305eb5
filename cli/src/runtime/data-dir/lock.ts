import { randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import { type DataDirLockRecord, dataDirLockRecord } from '@ludex/schemas'
import type { Logger } from 'pino'
import { type HolderState, holderState, ownProcess } from './process-identity.ts'

/** The lock file, in the data dir. */
export const LOCK_FILE = 'ludex.lock'

/** How many times acquisition starts over when the lock changes under it (a race with another taker). */
const ATTEMPTS = 50
const RETRY_MS = 20

/** What to do about a data dir in use, unless the command says better. */
export const STOP_IT_FIRST = 'Stop that process first, then run this command again.'

/** Another live process holds the data dir: the message names it and says what would work. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirLockRecord,
    hint: string = STOP_IT_FIRST,
  ) {
    const host = holder.host === hostname() ? '' : ` on ${holder.host}`
    super(
      `the data dir ${dataDir} is in use by ${holder.command} (pid ${holder.pid}${host}, started ${holder.started_at}). ` +
        `Its embedded stores (chDB, PGlite) take one process at a time: a second one would not see the ` +
        `first one's writes and could corrupt them. ${hint}`,
    )
    this.name = 'DataDirInUseError'
  }
}

/** The lock could not be taken for another reason than a live holder (it kept changing under us). */
export class DataDirLockError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'DataDirLockError'
  }
}

export interface DataDirLock {
  /** The data dir, absolute. */
  readonly dataDir: string
  readonly record: DataDirLockRecord
  /** Removes the lock file if it is still this acquisition's (idempotent). */
  release(): Promise<void>
}

interface Found {
  readonly raw: string
  /** null: a file that is not a lock record (not written by this code: it writes whole files only). */
  readonly record: DataDirLockRecord | null
}

async function readLockFile(path: string): Promise<Found | null> {
  let raw: string
  try {
    raw = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  let record: DataDirLockRecord | null = null
  try {
    const parsed = dataDirLockRecord.safeParse(JSON.parse(raw))
    if (parsed.success) record = parsed.data
  } catch {
    record = null
  }
  return { raw, record }
}

/** link() makes `to` only if nothing is there: an atomic create of a whole file, written beforehand. */
async function linked(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  }
}

const stateOf = async (found: Found): Promise<HolderState | 'unreadable'> =>
  found.record ? holderState(found.record) : 'unreadable'

/**
 * Takes the data dir for this process, or throws DataDirInUseError naming the live process that holds
 * it. The lock file holds the pid, the process's start time and the command. A lock left by a process
 * that is gone (a crash, a kill), or whose pid now belongs to another process, is stale: it is taken
 * over, with a log line. Takeovers are serialised by a second file (`ludex.lock.takeover`, made the same
 * atomic way), so two processes finding the same stale lock cannot both take it.
 */
export async function acquireDataDirLock(
  dataDir: string,
  options: {
    readonly command: string
    readonly logger: Logger
    /** What the refusal tells the user to do (default: stop that process first). */
    readonly hint?: string
  },
): Promise<DataDirLock> {
  const dir = resolve(dataDir)
  await mkdir(dir, { recursive: true })
  const path = join(dir, LOCK_FILE)
  const guard = `${path}.takeover`
  const me = await ownProcess()
  const record: DataDirLockRecord = {
    pid: me.pid,
    process_start: me.processStart,
    started_at: me.startedAt,
    host: me.host,
    command: options.command,
    id: randomBytes(8).toString('hex'),
  }
  // Written whole under a name of its own, then linked into place: the lock file is never partial.
  const staged = `${path}.${record.id}`
  await writeFile(staged, `${JSON.stringify(record, null, 2)}\n`, { flag: 'wx', mode: 0o644 })
  const lock: DataDirLock = {
    dataDir: dir,
    record,
    release: async () => {
      const found = await readLockFile(path)
      if (found?.record?.id === record.id) await unlink(path).catch(() => undefined)
    },
  }
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (await linked(staged, path)) return lock
      const found = await readLockFile(path)
      if (!found) continue
      const state = await stateOf(found)
      if (state === 'alive' && found.record) throw new DataDirInUseError(dir, found.record, options.hint)
      if (await linked(staged, guard)) {
        try {
          // Still the stale lock we judged (not one a faster taker wrote meanwhile): replace it.
          if ((await readLockFile(path))?.raw === found.raw) {
            await rename(staged, path)
            options.logger.warn(
              {
                dataDir: dir,
                reason: state,
                stale: found.record
                  ? {
                      pid: found.record.pid,
                      command: found.record.command,
                      startedAt: found.record.started_at,
                    }
                  : null,
              },
              'stale data dir lock taken over',
            )
            return lock
          }
        } finally {
          await unlink(guard).catch(() => undefined)
        }
      } else {
        // Another process is taking over; a guard whose writer is gone (it crashed mid-takeover) is cleared.
        const held = await readLockFile(guard)
        if (held && (await stateOf(held)) !== 'alive') await unlink(guard).catch(() => undefined)
      }
      await new Promise((r) => setTimeout(r, RETRY_MS))
    }
    throw new DataDirLockError(`could not take the lock ${path}: it kept changing`)
  } finally {
    await unlink(staged).catch(() => undefined)
  }
}

/** The lock file's record as it stands, or null when the data dir is not held (tests, the user command). */
export async function readDataDirLock(dataDir: string): Promise<DataDirLockRecord | null> {
  return (await readLockFile(join(resolve(dataDir), LOCK_FILE)))?.record ?? null
}
