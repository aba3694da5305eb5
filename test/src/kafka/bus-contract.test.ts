import { createKafkaBus, ensureTopics, kafkaBusOptions } from '@ludex/pipelines/kafka'
import { busContract } from '@ludex/pipelines/testing'
import { type DeadLetter, loadConfig, topics } from '@ludex/schemas'
import { pino } from 'pino'
import { useKafkaBroker } from '../harness/kafka-fixture.ts'

const logger = pino({ level: 'silent' })
const kafka = useKafkaBroker()

let buses = 0
busContract(
  'kafka (real broker, 3 partitions per topic)',
  async ({ retryBackoffMs, maxAttempts, observer }) => {
    // Fresh topics per case: each case starts from empty topics and new groups, as the in-process one does.
    const config = loadConfig({
      KAFKA_BROKERS: kafka.broker.brokers,
      KAFKA_TOPIC_PREFIX: `contract-${++buses}.`,
      KAFKA_TOPIC_PARTITIONS: '3',
    })
    await ensureTopics(config, logger)
    const bus = createKafkaBus(kafkaBusOptions(config, logger, { retryBackoffMs, maxAttempts, observer }))
    // Dead letters are read back from the dead-letter topic itself, through the bus.
    const deadLetters: DeadLetter[] = []
    bus.subscribe(
      topics.deadLetter,
      { group: 'contract-dlq', maxBatch: 100, maxWaitMs: 10 },
      async (letters) => {
        for (const l of letters) {
          deadLetters.push({ topic: l.topic, key: l.key, reason: l.reason, payload: JSON.parse(l.payload) })
        }
      },
    )
    return { bus, deadLetters, publishRaw: (t, p, k) => bus.publishRaw(t, p, k), ready: () => bus.ready() }
  },
  // Seconds of slack, not milliseconds: a fetch crosses loopback to a JVM sharing two busy cores. Still
  // far below what waiting for a full batch of 1000 would take (forever: only 8 are sent).
  { buffering: 'retained-log', timing: { latencySlackMs: 1500, minBatches: 2 } },
)
