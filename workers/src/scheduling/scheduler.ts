/**
 * Recurring jobs. The embedded adapter runs them in-process with timers; the distributed one is BullMQ
 * job schedulers on Redis. A job receives the slot it runs for, so a late or retried run still writes
 * to the slot it was meant for.
 */
export interface JobContext {
  /** The scheduled time of this run (epoch ms), aligned to the job's interval. */
  readonly scheduledFor: number
  readonly signal: AbortSignal
}

export interface JobSchedule {
  readonly name: string
  readonly everyMs: number
  /** Offset within the interval, so jobs of one interval do not all start at once. */
  readonly offsetMs?: number
}

export interface JobDefinition extends JobSchedule {
  readonly run: (ctx: JobContext) => Promise<void>
}

/**
 * How one part of a fan-out occurrence ended (after the scheduler's retries, where it has them). A
 * failed part carries its own data, so `complete` can tell what it covered; `overran` says it was not
 * run because newer occurrences of the job were already under way (PartOverranError).
 */
export type PartOutcome<R, P = unknown> =
  | { readonly index: number; readonly ok: true; readonly result: R }
  | {
      readonly index: number
      readonly ok: false
      readonly error: string
      readonly overran: boolean
      /** Absent only when the adapter could no longer read it (a part's record expired). */
      readonly part?: P
    }

const OVERRAN_MESSAGE = 'part overran its occurrence: newer occurrences of the job are under way'

/**
 * A part of a fan-out occurrence that would compete with newer occurrences (a retry once the next one is
 * under way, anything once the one after is): it is not run but reported as overran, so one occurrence's
 * stragglers never hold back the next one's parts or spend its budget. A part already running finishes:
 * it is making progress, and its cost is bounded by its size.
 */
export class PartOverranError extends Error {
  constructor(scheduledFor: number) {
    super(`${OVERRAN_MESSAGE} (occurrence ${new Date(scheduledFor).toISOString()})`)
    this.name = 'PartOverranError'
  }

  /** Whether an error message (as it comes back from another process) is this error's. */
  static isMessage(message: string): boolean {
    return message.startsWith(OVERRAN_MESSAGE)
  }
}

/**
 * A recurring job whose occurrence splits into independent parts (a shard of experiences each), so
 * several processes can share one sweep: the distributed adapter runs each part as its own job, with
 * its own retries, on whichever worker is free. Parts and results must be plain JSON values, since they
 * may travel to another process. `complete` runs once per occurrence after every part has ended, with
 * the outcomes in part order; a part that failed is reported there, not thrown. Where parts wait in a
 * queue (BullMQ: newest first), a retry that would start once the job's next occurrence is under way,
 * or any part once the one after is, is not run but reported as overran (PartOverranError).
 * Occurrences never wait for each other.
 */
export interface FanOutJobDefinition<P, R> extends JobSchedule {
  readonly split: (ctx: JobContext) => Promise<readonly P[]> | readonly P[]
  readonly runPart: (part: P, ctx: JobContext) => Promise<R>
  readonly complete: (outcomes: readonly PartOutcome<R, P>[], ctx: JobContext) => Promise<void>
}

/**
 * The two halves of a job: its schedule (when occurrences are due) and its run (what an occurrence
 * does). `register`/`registerFanOut` give both: the process runs the job, and plans it too when the
 * adapter has that duty (in-process: always). `schedule` gives only the plan, for a process that decides
 * when jobs run but leaves the runs to others (the scheduler role on BullMQ); for a job registered here
 * with the same interval and offset it adds nothing.
 */
export interface Scheduler {
  schedule(job: JobSchedule): void
  register(job: JobDefinition): void
  registerFanOut<P, R>(job: FanOutJobDefinition<P, R>): void
  start(): Promise<void>
  /** Stops scheduling and waits for running jobs to finish (or abort). */
  stop(): Promise<void>
}

export class JobDefinitionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'JobDefinitionError'
  }
}

/** Whether two schedules plan the same occurrences (same interval and offset). */
export function sameTiming(a: JobSchedule, b: JobSchedule): boolean {
  return a.everyMs === b.everyMs && (a.offsetMs ?? 0) === (b.offsetMs ?? 0)
}

/** Rejects an interval or offset no scheduler can honour. */
export function checkSchedule(def: JobSchedule): void {
  if (!(Number.isSafeInteger(def.everyMs) && def.everyMs > 0)) {
    throw new JobDefinitionError(`${def.name}: everyMs must be a positive integer`)
  }
  const offset = def.offsetMs ?? 0
  if (!Number.isSafeInteger(offset) || offset < 0 || offset >= def.everyMs) {
    throw new JobDefinitionError(`${def.name}: offsetMs must be an integer within [0, everyMs)`)
  }
}

/** The first time strictly after `t` that is `offsetMs` past a multiple of `everyMs` (epoch-aligned). */
export function nextAlignedAfter(t: number, everyMs: number, offsetMs = 0): number {
  return (Math.floor((t - offsetMs) / everyMs) + 1) * everyMs + offsetMs
}

/** The boundary (multiple of `everyMs` plus `offsetMs`) at or before `t`: the slot a late run belongs to. */
export function alignedAtOrBefore(t: number, everyMs: number, offsetMs = 0): number {
  return Math.floor((t - offsetMs) / everyMs) * everyMs + offsetMs
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * A fan-out run in one process: split, every part at once (the Roblox client paces per host anyway),
 * then complete. The embedded scheduler runs fan-outs this way, starting the next occurrence on time
 * even while this one's parts still run; every part starts at once, so none ever overruns here.
 */
export function fanOutInProcess<P, R>(def: FanOutJobDefinition<P, R>): JobDefinition {
  return {
    name: def.name,
    everyMs: def.everyMs,
    ...(def.offsetMs === undefined ? {} : { offsetMs: def.offsetMs }),
    run: async (ctx) => {
      const parts = await def.split(ctx)
      const outcomes = await Promise.all(
        parts.map(async (part, index): Promise<PartOutcome<R, P>> => {
          try {
            return { index, ok: true, result: await def.runPart(part, ctx) }
          } catch (err) {
            return { index, ok: false, error: messageOf(err), overran: false, part }
          }
        }),
      )
      await def.complete(outcomes, ctx)
    },
  }
}
