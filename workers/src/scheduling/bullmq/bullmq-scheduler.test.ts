import { loadConfig } from '@ludex/schemas'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { bullmqSchedulerOptionsFrom, SchedulerJobError, scheduledForOf } from './index.ts'
import { fanOutJobIds, jobData, partIndexOfKey } from './job-data.ts'

// The scheduler itself runs against a real redis-server in test/src/scheduling; these are its pure parts.
const logger = pino({ level: 'silent' })

describe('scheduledForOf', () => {
  const def = { name: 'poll:games', everyMs: 600, offsetMs: 0 }
  it('takes the planned time from the occurrence id, whenever the job runs', () => {
    expect(scheduledForOf({ id: 'repeat:poll.games:1200', timestamp: 9_999 }, def)).toBe(1200)
  })
  it('aligns a planned time off the grid (a first run clamped to now) to the boundary before it', () => {
    expect(scheduledForOf({ id: 'repeat:poll.games:1234', timestamp: 0 }, def)).toBe(1200)
    expect(scheduledForOf({ id: 'repeat:x:1234', timestamp: 0 }, { ...def, offsetMs: 100 })).toBe(700)
  })
  it('falls back to the creation time for an id without one', () => {
    expect(scheduledForOf({ id: 'custom', timestamp: 1_900 }, def)).toBe(1_800)
  })
})

describe('bullmqSchedulerOptionsFrom', () => {
  it('maps REDIS_URL and the SCHEDULER_* settings, the role choosing the side', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6390',
      SCHEDULER_PREFIX: 'staging',
      SCHEDULER_CONCURRENCY: '7',
      SCHEDULER_JOB_ATTEMPTS: '5',
      SCHEDULER_BACKOFF_MS: '250',
    })
    const options = bullmqSchedulerOptionsFrom(config, { logger, schedule: false })
    expect(options).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6390',
      prefix: 'staging',
      concurrency: 7,
      attempts: 5,
      backoffMs: 250,
      lockMs: 30_000,
      stalledIntervalMs: 30_000,
      maxStalledCount: 2,
      stopGraceMs: 30_000,
      schedule: false,
    })
    expect(options.work).toBeUndefined()
  })
  it('refuses a configuration without Redis', () => {
    expect(() => bullmqSchedulerOptionsFrom(loadConfig({}), { logger })).toThrow(SchedulerJobError)
  })
})

describe('job data', () => {
  it('reads what a job is from its data.kind, an occurrence of an older scheduler (no kind) included', () => {
    expect(jobData.parse({})).toEqual({ kind: 'occurrence' })
    expect(jobData.parse({ kind: 'part', scheduledFor: 600, index: 2, part: [1, 2] })).toEqual({
      kind: 'part',
      scheduledFor: 600,
      index: 2,
      part: [1, 2],
    })
    expect(jobData.parse({ kind: 'complete', scheduledFor: 600, parts: 3 }).kind).toBe('complete')
    expect(() => jobData.parse({ kind: 'part', scheduledFor: 600 })).toThrow()
    expect(() => jobData.parse({ kind: 'later' })).toThrow()
  })

  it("finds a part's index in its job key, whatever the job's name", () => {
    const ids = fanOutJobIds('poll:games-part-x', 1_200)
    expect(ids.part(12)).toBe('poll.games-part-x-1200-part-12')
    expect(partIndexOfKey(`ludex:jobs:${ids.part(12)}`)).toBe(12)
    expect(ids.complete).toBe('poll.games-part-x-1200-complete')
  })
})
