import { TEN_MINUTES_MS } from '@ludex/schemas'
import { pollAgeRatings } from '../pollers/age-ratings.ts'
import { pollCreators } from '../pollers/creators.ts'
import type { PollerDeps, PollRun } from '../pollers/deps.ts'
import {
  finishGamesSweep,
  type GamesBatchResult,
  gamesSweepBatches,
  pollGamesAndVotes,
  pollGamesBatch,
} from '../pollers/games.ts'
import { pollPlayStatus } from '../pollers/play-status.ts'
import { pollChartSorts } from '../pollers/sorts.ts'
import { pollThumbnails } from '../pollers/thumbnails.ts'
import type { Scheduler } from './scheduler.ts'

export type PollerName = 'games' | 'sorts' | 'thumbnails' | 'play-status' | 'age-ratings' | 'creators'

const HOUR = 3_600_000
const DAY = 24 * HOUR

interface PollerSchedule {
  readonly everyMs: number
  /** Spreads the jobs of one interval so they do not all hit upstream at once. */
  readonly offsetMs: number
  readonly run: (deps: PollerDeps, run: PollRun) => Promise<unknown>
}

export const POLLER_SCHEDULES: Readonly<Record<PollerName, PollerSchedule>> = {
  // Registered as a fan-out of batches (below); `run` is the same sweep in one call.
  games: { everyMs: TEN_MINUTES_MS, offsetMs: 0, run: pollGamesAndVotes },
  sorts: { everyMs: TEN_MINUTES_MS, offsetMs: 15_000, run: pollChartSorts },
  thumbnails: { everyMs: HOUR, offsetMs: 2 * 60_000, run: pollThumbnails },
  'play-status': { everyMs: HOUR, offsetMs: 4 * 60_000, run: pollPlayStatus },
  'age-ratings': { everyMs: DAY, offsetMs: 30 * 60_000, run: pollAgeRatings },
  creators: { everyMs: DAY, offsetMs: 45 * 60_000, run: pollCreators },
}

export interface RegisterPollersOptions {
  /** Interval overrides (tests, POLL_INTERVAL_MS); offsets scale with the interval. */
  readonly everyMs?: Partial<Record<PollerName, number>>
  /** Pollers to leave out. */
  readonly disabled?: readonly PollerName[]
}

/** The slot a run writes to: the 10-minute boundary at or before its scheduled time. */
export function slotOf(scheduledFor: number): number {
  return Math.floor(scheduledFor / TEN_MINUTES_MS) * TEN_MINUTES_MS
}

/**
 * Registers every poller with its interval; each run polls for the slot of its scheduled time, over the
 * tracker as refreshed at the start of the run (the games sweep: at its split).
 */
export function registerPollers(
  scheduler: Scheduler,
  deps: PollerDeps,
  options: RegisterPollersOptions = {},
): PollerName[] {
  const registered: PollerName[] = []
  for (const [name, schedule] of Object.entries(POLLER_SCHEDULES) as Array<[PollerName, PollerSchedule]>) {
    if (options.disabled?.includes(name)) continue
    const everyMs = options.everyMs?.[name] ?? schedule.everyMs
    const offsetMs = Math.floor((schedule.offsetMs * everyMs) / schedule.everyMs)
    if (name === 'games') {
      // The sweep fans out in batches of 50 universes: in the distributed shape each batch is a job of
      // its own (retried on its own, run by whichever poller process is free).
      scheduler.registerFanOut<readonly number[], GamesBatchResult>({
        name: `poll:${name}`,
        everyMs,
        offsetMs,
        // The split decides what the sweep covers: it sees what every poller process tracked so far.
        split: async () => {
          await deps.tracker.refresh()
          return gamesSweepBatches(deps.tracker)
        },
        runPart: (ids, { scheduledFor, signal }) =>
          pollGamesBatch(deps, { slot: slotOf(scheduledFor), signal }, ids),
        complete: async (outcomes, { scheduledFor, signal }) => {
          await finishGamesSweep(deps, { slot: slotOf(scheduledFor), signal }, outcomes)
        },
      })
      registered.push(name)
      continue
    }
    scheduler.register({
      name: `poll:${name}`,
      everyMs,
      offsetMs,
      run: async ({ scheduledFor, signal }) => {
        // With a shared tracker, another process may have discovered experiences since the last run.
        await deps.tracker.refresh()
        await schedule.run(deps, { slot: slotOf(scheduledFor), signal })
      },
    })
    registered.push(name)
  }
  return registered
}
