import pino from 'pino'
import { systemClock } from './clock.ts'
import { createInProcessScheduler } from './in-process-scheduler.ts'
import { schedulerContract } from './scheduler-contract.ts'

const logger = pino({ level: 'silent' })

schedulerContract('in-process', ({ stopGraceMs }) =>
  createInProcessScheduler({ clock: systemClock, logger, stopGraceMs }),
)
