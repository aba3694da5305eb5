import { createBullmqScheduler } from '@ludex/workers/bullmq'
import { schedulerContract } from '@ludex/workers/testing'
import pino from 'pino'
import { afterAll, beforeAll } from 'vitest'
import { type RedisServer, startRedisServer } from '../harness/redis-server.ts'

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
let redis: RedisServer
let queues = 0

beforeAll(async () => {
  redis = await startRedisServer()
})
afterAll(async () => {
  await redis?.stop()
})

schedulerContract('BullMQ on redis-server', ({ stopGraceMs }) =>
  createBullmqScheduler({
    redisUrl: redis.url,
    logger,
    // A queue per scheduler, so one case's leftovers never reach another's worker.
    queueName: `contract-${++queues}`,
    attempts: 2,
    backoffMs: 20,
    stopGraceMs,
  }),
)
