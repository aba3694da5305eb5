import { type ChildProcess, spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createKafkaBus, kafkaBusOptions } from '@ludex/pipelines/kafka'
import { snapshot, snapshotSlotIndex } from '@ludex/pipelines/testing'
import { type Config, topics } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import { afterAll, describe, expect, it } from 'vitest'
import { useKafkaBroker } from '../harness/kafka-fixture.ts'
import { freshTopics, silent } from './support.ts'

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/consumer-process.ts')
const slotIndex = snapshotSlotIndex

const kafka = useKafkaBroker()
let child: ChildProcess | null = null
afterAll(() => {
  child?.kill('SIGKILL')
})

interface FixtureEvent {
  readonly event: string
  readonly batch?: number
  readonly size?: number
  readonly slots?: number[]
}

/** Starts the consumer fixture against the topics of `config`; its events accumulate in `events`. */
function startConsumer(config: Config) {
  const events: FixtureEvent[] = []
  const proc = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: {
      ...process.env,
      KAFKA_BROKERS: config.KAFKA_BROKERS,
      KAFKA_TOPIC_PREFIX: config.KAFKA_TOPIC_PREFIX,
      KAFKA_SESSION_TIMEOUT_MS: String(config.KAFKA_SESSION_TIMEOUT_MS),
      KAFKA_HEARTBEAT_INTERVAL_MS: String(config.KAFKA_HEARTBEAT_INTERVAL_MS),
      LUDEX_FIXTURE_HANDLER_MS: '400',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child = proc
  let buffered = ''
  proc.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) if (line.trim()) events.push(JSON.parse(line))
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => {
      child = null
      resolve({ code, signal })
    }),
  )
  return { proc, events, exited }
}

/** Slot indexes a new consumer of group sink receives, from where the group's commits left it. */
async function consumeRest(config: Config): Promise<number[]> {
  const got: number[] = []
  const next = createKafkaBus(kafkaBusOptions(config, silent))
  next.subscribe(topics.snapshots, { group: 'sink', maxBatch: 10, maxWaitMs: 10 }, async (b) => {
    got.push(...b.map(slotIndex))
  })
  await next.drain()
  await next.close()
  return got
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i)

describe('a consumer process on SIGTERM', () => {
  it('finishes and commits the batch in flight, then leaves: the next consumer goes on from there', async () => {
    const config = await freshTopics(kafka.broker, 'shutdown')
    const producer = createKafkaBus(kafkaBusOptions(config, silent))
    // One key: one partition, read in batches of 10; five publishes of 10, so five packed records.
    for (let p = 0; p < 5; p++) {
      await producer.publish(
        topics.snapshots,
        Array.from({ length: 10 }, (_, i) => snapshot(5, p * 10 + i)),
      )
    }
    await producer.close()

    const { proc, events, exited } = startConsumer(config)
    // SIGTERM while the second batch is being handled.
    await waitFor('the second batch', () => events.some((e) => e.event === 'start' && e.batch === 2), {
      everyMs: 20,
    })
    proc.kill('SIGTERM')
    expect((await exited).code).toBe(0)
    const seen = events.map((e) => (e.batch ? `${e.event} ${e.batch}` : e.event))
    // The batch in flight was finished before the bus closed, and no further one was started.
    expect(seen.filter((e) => e !== 'ready')).toEqual([
      'start 1',
      'done 1',
      'start 2',
      'closing',
      'done 2',
      'closed',
    ])

    // The next consumer of the group starts right after the second batch: nothing redone, nothing lost.
    expect(await consumeRest(config)).toEqual(range(20, 50))
  })

  it('after a crash inside a packed record, redelivers from the first record not acknowledged in full', async () => {
    // A short session: the group drops the dead member after 2 s instead of 30 s.
    const config = await freshTopics(kafka.broker, 'crash', {
      KAFKA_SESSION_TIMEOUT_MS: '2000',
      KAFKA_HEARTBEAT_INTERVAL_MS: '300',
    })
    const producer = createKafkaBus(kafkaBusOptions(config, silent))
    // Three packed records of 15 (A: 0–14, B: 15–29, C: 30–44), read in batches of 10: the second batch
    // ends A and begins B, the third ends B.
    for (let p = 0; p < 3; p++) {
      await producer.publish(
        topics.snapshots,
        Array.from({ length: 15 }, (_, i) => snapshot(5, p * 15 + i)),
      )
    }
    await producer.close()

    const { proc, events, exited } = startConsumer(config)
    // The process dies (SIGKILL: no shutdown at all) while the third batch is being handled.
    await waitFor('the third batch', () => events.some((e) => e.event === 'start' && e.batch === 3), {
      everyMs: 20,
    })
    proc.kill('SIGKILL')
    expect((await exited).signal).toBe('SIGKILL')
    const handled = events.flatMap((e) => (e.event === 'done' ? (e.slots ?? []) : []))
    expect(handled).toEqual(range(0, 20))

    // A was committed with the second batch; B was not (5 of its 15 were handled), so it comes again
    // whole: nothing is lost, and what is handled twice is B's first part — at least once, which the
    // idempotent raw tables absorb.
    const rest = await consumeRest(config)
    expect(rest).toEqual(range(15, 45))
    expect(new Set([...handled, ...rest])).toEqual(new Set(range(0, 45)))
    expect(handled.filter((s) => rest.includes(s))).toEqual(range(15, 20))
  })
})
