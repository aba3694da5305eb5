import type { DeadLetter } from '@ludex/schemas'
import { pino } from 'pino'
import { busContract } from './bus-contract.ts'
import { type ConsumerValidation, createInProcessBus } from './in-process-bus.ts'

for (const consumerValidation of ['unvalidated', 'always'] satisfies ConsumerValidation[]) {
  busContract(
    `in-process (consumer validation: ${consumerValidation})`,
    ({ capacity, retryBackoffMs, maxAttempts, observer }) => {
      const deadLetters: DeadLetter[] = []
      const bus = createInProcessBus({
        capacity,
        retryBackoffMs,
        maxAttempts,
        observer,
        consumerValidation,
        logger: pino({ level: 'silent' }),
        onDeadLetter: async (letters) => {
          deadLetters.push(...letters)
        },
      })
      return { bus, deadLetters, publishRaw: (t, p, k) => bus.publishRaw(t, p, k) }
    },
  )
}
