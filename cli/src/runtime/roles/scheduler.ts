import { MAINTENANCE_SCHEDULES, type PollerScheduleOptions, schedulePollers } from '@ludex/workers'
import type { RoleComponent } from './component.ts'
import type { JobScheduler } from './jobs.ts'

/**
 * The scheduler role: plans every poller's occurrences (the schedule half: names, intervals, offsets),
 * and the maintenance jobs' (retention).
 * With BullMQ the plans live in Redis and poller processes anywhere run them; runs registered in this
 * process by the poller role are planned once. It holds nothing of its own: the job scheduler stops it.
 */
export async function startSchedulerRole(
  scheduler: JobScheduler,
  schedule: PollerScheduleOptions,
): Promise<RoleComponent> {
  const planned = schedulePollers(scheduler.jobs, schedule)
  for (const job of MAINTENANCE_SCHEDULES) scheduler.jobs.schedule(job)
  const detail = `${scheduler.selected.kind}: ${planned.length + MAINTENANCE_SCHEDULES.length} jobs`
  return {
    readiness: () => (scheduler.running() ? { ok: true, detail } : { ok: false, detail: 'starting' }),
    stop: async () => {},
  }
}
