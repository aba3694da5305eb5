import { readFileSync } from 'node:fs'
import { procStatFields } from './proc-stat.ts'

/** CPU time of this process so far, split between the main thread and every other thread. */
export interface ThreadCpu {
  /** The JavaScript thread: generation, validation, the bus, encoding, the collector's main-thread work. */
  readonly mainMs: number
  /** Every other thread: chDB's engine (inserts, merges, views), libuv's pool, V8's helpers. */
  readonly otherMs: number
}

/** Linux's USER_HZ, the unit of /proc's CPU times (100 on every architecture Node supports on Linux). */
const TICKS_PER_SECOND = 100

/** User + system CPU ms of a process or thread from its /proc stat file; null where there is none. */
function statCpuMs(path: string): number | null {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return null
  }
  const fields = procStatFields(text)
  // utime and stime are fields 14 and 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

/**
 * The split, from the kernel's accounting (/proc/self/task/<pid>/stat for the main thread, getrusage
 * for the process); null where /proc is not there. Used by `ludex bench` to show how busy each side is.
 */
export function threadCpu(): ThreadCpu | null {
  const mainMs = statCpuMs(`/proc/self/task/${process.pid}/stat`)
  if (mainMs === null) return null
  const { user, system } = process.cpuUsage()
  return { mainMs, otherMs: Math.max(0, (user + system) / 1000 - mainMs) }
}

/** CPU time spent between two readings (null if either is). */
export function cpuSince(before: ThreadCpu | null, after: ThreadCpu | null): ThreadCpu | null {
  if (!before || !after) return null
  return { mainMs: after.mainMs - before.mainMs, otherMs: after.otherMs - before.otherMs }
}

/** CPU ms another process has used so far, all its threads (null if it is gone or there is no /proc). */
export function processCpuMs(pid: number): number | null {
  return statCpuMs(`/proc/${pid}/stat`)
}
