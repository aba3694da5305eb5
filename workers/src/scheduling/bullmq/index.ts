/** The BullMQ scheduler: its own entry point (`@ludex/workers/bullmq`), so only processes that select
 * it (REDIS_URL) load bullmq. */
export { createBullmqScheduler } from './bullmq-scheduler.ts'
export { SchedulerJobError } from './errors.ts'
export { scheduledForOf } from './job-data.ts'
export { type BullmqSchedulerOptions, bullmqSchedulerOptionsFrom } from './options.ts'
