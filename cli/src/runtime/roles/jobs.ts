import type { PollerName, PollerScheduleOptions, Scheduler } from '@ludex/workers'
import { type SelectedScheduler, selectScheduler } from '../adapters.ts'
import type { RoleComponent, RoleContext } from './component.ts'
import type { RolePlan } from './plan.ts'

/** The pollers' intervals in this deployment: POLL_INTERVAL_MS for the 10-minute ones (tests shorten them). */
export function pollerScheduleOptions(
  config: { POLL_INTERVAL_MS: number },
  overrides: Partial<Record<PollerName, number>> = {},
): PollerScheduleOptions {
  return { everyMs: { games: config.POLL_INTERVAL_MS, sorts: config.POLL_INTERVAL_MS, ...overrides } }
}

export interface JobScheduler {
  readonly selected: SelectedScheduler
  /** The scheduler the roles register on, instrumented for the role metrics. */
  readonly jobs: Scheduler
  /** Whether `startJobs` has started it (the roles on it are ready from then). */
  running(): boolean
}

interface StartableJobs {
  markRunning(): void
}

/**
 * The job scheduler the poller role registers runs on and the scheduler role plans on: BullMQ with
 * REDIS_URL, else in-process timers. Its duties follow the roles here. Nothing connects before `startJobs`.
 */
export async function selectJobScheduler(
  ctx: RoleContext,
  plan: RolePlan,
): Promise<JobScheduler & StartableJobs> {
  const selected = await selectScheduler(ctx.config, ctx.logger, {
    clock: ctx.clock,
    duties: { schedule: plan.has('scheduler'), run: plan.has('poller') },
  })
  ctx.wiring.record('scheduler', selected.kind)
  const state = { running: false }
  return {
    selected,
    jobs: ctx.metrics.instrumentScheduler(selected.scheduler),
    running: () => state.running,
    markRunning: () => {
      state.running = true
    },
  }
}

/**
 * Starts the job scheduler once the roles have registered on it: from here jobs are planned and run.
 * Started last, so on shutdown it stops first: no new polls while the sink drains.
 */
export async function startJobs(scheduler: JobScheduler & StartableJobs): Promise<RoleComponent> {
  await scheduler.jobs.start()
  scheduler.markRunning()
  return { stop: () => scheduler.jobs.stop() }
}
