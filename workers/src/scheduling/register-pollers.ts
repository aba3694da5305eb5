import { pollAgeRatings } from '../pollers/age-ratings.ts'
import { pollCreators } from '../pollers/creators.ts'
import type { PollerDeps, PollRun } from '../pollers/deps.ts'
import {
  finishGamesSweep,
  GAMES_SHARD_SIZE,
  type GamesBatchResult,
  type GamesPollResult,
  gamesSweepShards,
  pollGamesShard,
} from '../pollers/games.ts'
import { pollPlayStatus } from '../pollers/play-status.ts'
import { pollChartSorts } from '../pollers/sorts.ts'
import { pollThumbnails } from '../pollers/thumbnails.ts'
import { pollTrackingRequests } from '../pollers/tracking-requests.ts'
import { type PollerName, type PollerScheduleOptions, pollerSchedules, slotOf } from './poller-schedules.ts'
import type { Scheduler } from './scheduler.ts'

/** The runner half: what a run of each poller does (the games sweep is a fan-out, below). */
const POLLER_RUNS: Readonly<
  Record<Exclude<PollerName, 'games'>, (deps: PollerDeps, run: PollRun) => Promise<unknown>>
> = {
  sorts: pollChartSorts,
  thumbnails: pollThumbnails,
  'play-status': pollPlayStatus,
  'age-ratings': pollAgeRatings,
  creators: pollCreators,
  'tracking-requests': pollTrackingRequests,
}

/** What a games sweep came to, for the process that completed it (metrics, /readyz). */
export interface GamesSweepReport {
  readonly result: GamesPollResult
  /** The 10-minute slot the sweep was for. */
  readonly slot: number
  /** The occurrence's boundary (the slot's, at the default interval). */
  readonly scheduledFor: number
  /** From the sweep's boundary to its completion, in seconds. */
  readonly seconds: number
  /** The sweep did not finish in its slot: it completed after the next one was due, or shards were dropped. */
  readonly overran: boolean
}

export interface RegisterPollersOptions extends PollerScheduleOptions {
  /** Experiences per shard of the games sweep; default GAMES_SHARD_SIZE (tests make it smaller). */
  readonly gamesShardSize?: number
  /** Told of each games sweep this process completes. */
  readonly onGamesSweep?: (report: GamesSweepReport) => void
}

/**
 * Registers every poller's runs on the scheduler (the poller role), each on its schedule from
 * `pollerSchedules`; each run polls for the slot of its scheduled time, over the tracker as refreshed at
 * the start of the run (the games sweep: at its split). Whether this process also plans the occurrences
 * is the scheduler adapter's duty (in-process: always).
 */
export function registerPollers(
  scheduler: Scheduler,
  deps: PollerDeps,
  options: RegisterPollersOptions = {},
): PollerName[] {
  const planned = pollerSchedules(options)
  for (const { poller, job } of planned) {
    if (poller === 'games') {
      // The sweep fans out in shards: in the distributed shape each shard is a job of its own (retried
      // on its own, run by whichever poller process is free, dropped if it would start once the next
      // slot is due).
      scheduler.registerFanOut<readonly number[], GamesBatchResult>({
        ...job,
        // The split decides what the sweep covers: it sees what every poller process tracked so far.
        split: async () => {
          await deps.tracker.refresh()
          return gamesSweepShards(deps.tracker, options.gamesShardSize ?? GAMES_SHARD_SIZE)
        },
        runPart: (ids, { scheduledFor, signal }) =>
          pollGamesShard(deps, { slot: slotOf(scheduledFor), signal }, ids),
        complete: async (outcomes, { scheduledFor, signal }) => {
          const slot = slotOf(scheduledFor)
          const result = await finishGamesSweep(deps, { slot, signal }, outcomes)
          const now = deps.clock.now()
          const overran = result.overranShards > 0 || now > scheduledFor + job.everyMs
          if (overran) {
            deps.logger.warn(
              { slot, seconds: (now - scheduledFor) / 1000, overranShards: result.overranShards },
              'games sweep overran its slot; the next one started on time, shards left over were dropped',
            )
          }
          options.onGamesSweep?.({
            result,
            slot,
            scheduledFor,
            seconds: (now - scheduledFor) / 1000,
            overran,
          })
        },
      })
      continue
    }
    const run = POLLER_RUNS[poller]
    scheduler.register({
      ...job,
      run: async ({ scheduledFor, signal }) => {
        // With a shared tracker, another process may have discovered experiences since the last run.
        await deps.tracker.refresh()
        await run(deps, { slot: slotOf(scheduledFor), signal })
      },
    })
  }
  return planned.map((p) => p.poller)
}
