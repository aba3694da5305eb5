import type { JobSchedule } from './scheduler.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * Jobs that keep the store's promises rather than poll: their schedules, planned by the scheduler role
 * like the pollers' (the runs are registered where their dependencies are, by the CLI).
 *
 * retention: applies the retention TTLs of the first-party site data (addresses 30 days, visit
 * statistics and error reports 3 months; `applyRetention` of @ludex/pipelines) once a day, at 03:20
 * UTC, away from the daily pollers (00:30, 00:45).
 */
export const RETENTION_SCHEDULE: JobSchedule = {
  name: 'retention',
  everyMs: DAY,
  offsetMs: 3 * HOUR + 20 * 60_000,
}

/** Every maintenance job's schedule. */
export const MAINTENANCE_SCHEDULES: readonly JobSchedule[] = [RETENTION_SCHEDULE]
