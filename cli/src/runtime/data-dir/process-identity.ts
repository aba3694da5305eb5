import { readFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { procStatFields } from '../proc-stat.ts'

/** What the kernel says of a process (Linux `/proc/<pid>/stat`): its state letter and its start time. */
interface ProcStat {
  readonly state: string
  /** Clock ticks since boot at which the process started (field 22), as text: compared, never computed. */
  readonly startTicks: string
}

/** null: no such process (or not Linux: see `procAvailable`). */
async function readProcStat(pid: number): Promise<ProcStat | null> {
  let text: string
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null
  }
  const fields = procStatFields(text)
  const state = fields[0]
  const startTicks = fields[19]
  return state && startTicks ? { state, startTicks } : null
}

async function procAvailable(): Promise<boolean> {
  return (await readProcStat(process.pid)) !== null
}

/** This process as a lock file records it: pid, kernel start time (where known), start instant, host. */
export async function ownProcess(): Promise<{
  pid: number
  processStart: string | null
  startedAt: string
  host: string
}> {
  const stat = await readProcStat(process.pid)
  return {
    pid: process.pid,
    processStart: stat?.startTicks ?? null,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    host: hostname(),
  }
}

/**
 * Whether the process a lock names still runs: `alive`; `exited` (no such pid, or a zombie nobody has
 * reaped yet); `pid reused` (the pid runs, but started at another time than the holder did). A process
 * on another host cannot be checked from here, so it counts as alive.
 */
export type HolderState = 'alive' | 'exited' | 'pid reused'

export async function holderState(holder: {
  readonly pid: number
  readonly process_start: string | null
  readonly host: string
}): Promise<HolderState> {
  if (holder.host !== hostname()) return 'alive'
  try {
    process.kill(holder.pid, 0)
  } catch (err) {
    // EPERM: it runs, as another user.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return 'exited'
  }
  if (!(await procAvailable())) return 'alive'
  const stat = await readProcStat(holder.pid)
  if (!stat || stat.state === 'Z' || stat.state === 'X') return 'exited'
  if (holder.process_start !== null && stat.startTicks !== holder.process_start) return 'pid reused'
  return 'alive'
}
