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

/**
 * hourly-dump: writes the previous UTC day's hourly rollups of every experience as one gzip CSV into
 * the data dir (`writeHourlyDump` of @ludex/pipelines, served at /api/dumps), once a day at 01:10 UTC:
 * after the day's last hour (23:01–00:00) is materialised and after the daily pollers (00:30, 00:45).
 */
export const HOURLY_DUMP_SCHEDULE: JobSchedule = {
  name: 'hourly-dump',
  everyMs: DAY,
  offsetMs: HOUR + 10 * 60_000,
}

/** Every maintenance job's schedule. */
export const MAINTENANCE_SCHEDULES: readonly JobSchedule[] = [RETENTION_SCHEDULE, HOURLY_DUMP_SCHEDULE]
