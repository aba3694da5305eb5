import { TEN_MINUTES_MS } from '@ludex/schemas'
import type { JobSchedule, Scheduler } from './scheduler.ts'

/**
 * The schedule half of the pollers: names, intervals and offsets, nothing that polls. The scheduler role
 * plans these (`schedulePollers`) without any of the pollers' dependencies; the runner half
 * (`register-pollers.ts`) attaches the runs in the poller role.
 */
export type PollerName =
  | 'games'
  | 'sorts'
  | 'thumbnails'
  | 'play-status'
  | 'age-ratings'
  | 'creators'
  | 'tracking-requests'

const HOUR = 3_600_000
const DAY = 24 * HOUR

export interface PollerSchedule {
  readonly everyMs: number
  /** Spreads the jobs of one interval so they do not all hit upstream at once. */
  readonly offsetMs: number
  /** Whether an occurrence splits into parts (batches of universes) that any poller process can take. */
  readonly fanOut: boolean
}

export const POLLER_SCHEDULES: Readonly<Record<PollerName, PollerSchedule>> = {
  games: { everyMs: TEN_MINUTES_MS, offsetMs: 0, fanOut: true },
  sorts: { everyMs: TEN_MINUTES_MS, offsetMs: 15_000, fanOut: false },
  thumbnails: { everyMs: HOUR, offsetMs: 2 * 60_000, fanOut: false },
  'play-status': { everyMs: HOUR, offsetMs: 4 * 60_000, fanOut: false },
  'age-ratings': { everyMs: DAY, offsetMs: 30 * 60_000, fanOut: false },
  creators: { everyMs: DAY, offsetMs: 45 * 60_000, fanOut: false },
  // A place added to a tag is tracked within a minute, and polled by the next games sweep.
  'tracking-requests': { everyMs: 60_000, offsetMs: 30_000, fanOut: false },
}

export interface PollerScheduleOptions {
  /** Interval overrides (tests, POLL_INTERVAL_MS); offsets scale with the interval. */
  readonly everyMs?: Partial<Record<PollerName, number>>
  /** Pollers to leave out. */
  readonly disabled?: readonly PollerName[]
}

export interface PlannedPoller {
  readonly poller: PollerName
  readonly job: JobSchedule
  readonly fanOut: boolean
}

/** The job name of a poller (`poll:games`…), the same in every process. */
export function pollerJobName(poller: PollerName): string {
  return `poll:${poller}`
}

/** Every enabled poller's job schedule, with the overrides applied. */
export function pollerSchedules(options: PollerScheduleOptions = {}): PlannedPoller[] {
  const out: PlannedPoller[] = []
  for (const [poller, schedule] of Object.entries(POLLER_SCHEDULES) as Array<[PollerName, PollerSchedule]>) {
    if (options.disabled?.includes(poller)) continue
    const everyMs = options.everyMs?.[poller] ?? schedule.everyMs
    const offsetMs = Math.floor((schedule.offsetMs * everyMs) / schedule.everyMs)
    out.push({ poller, job: { name: pollerJobName(poller), everyMs, offsetMs }, fanOut: schedule.fanOut })
  }
  return out
}

/** The slot a run writes to: the 10-minute boundary at or before its scheduled time. */
export function slotOf(scheduledFor: number): number {
  return Math.floor(scheduledFor / TEN_MINUTES_MS) * TEN_MINUTES_MS
}

/**
 * Plans every poller's occurrences on the scheduler (the scheduler role); their runs belong to the
 * processes that registered them with `registerPollers`, this one or others.
 */
export function schedulePollers(scheduler: Scheduler, options: PollerScheduleOptions = {}): PollerName[] {
  const planned = pollerSchedules(options)
  for (const p of planned) scheduler.schedule(p.job)
  return planned.map((p) => p.poller)
}
