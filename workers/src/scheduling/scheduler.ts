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

export interface JobDefinition {
  readonly name: string
  readonly everyMs: number
  /** Offset within the interval, so jobs of one interval do not all start at once. */
  readonly offsetMs?: number
  readonly run: (ctx: JobContext) => Promise<void>
}

export interface Scheduler {
  register(job: JobDefinition): void
  start(): Promise<void>
  /** Stops scheduling and waits for running jobs to finish (or abort). */
  stop(): Promise<void>
}
