import { readFileSync } from 'node:fs'

/** CPU time of this process so far, split between the main thread and every other thread. */
export interface ThreadCpu {
  /** The JavaScript thread: generation, validation, the bus, encoding, the collector's main-thread work. */
  readonly mainMs: number
  /** Every other thread: chDB's engine (inserts, merges, views), libuv's pool, V8's helpers. */
  readonly otherMs: number
}

/** Linux's USER_HZ, the unit of /proc's CPU times (100 on every architecture Node supports on Linux). */
const TICKS_PER_SECOND = 100

/**
 * The split, from the kernel's accounting (/proc/self/task/<pid>/stat for the main thread, getrusage
 * for the process); null where /proc is not there. Used by `ludex bench` to show how busy each side is.
 */
export function threadCpu(): ThreadCpu | null {
  let stat: string
  try {
    stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')
  } catch {
    return null
  }
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const mainMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
  const { user, system } = process.cpuUsage()
  const totalMs = (user + system) / 1000
  return { mainMs, otherMs: Math.max(0, totalMs - mainMs) }
}

/** CPU time spent between two readings (null if either is). */
export function cpuSince(before: ThreadCpu | null, after: ThreadCpu | null): ThreadCpu | null {
  if (!before || !after) return null
  return { mainMs: after.mainMs - before.mainMs, otherMs: after.otherMs - before.otherMs }
}
