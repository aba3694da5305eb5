import { type ChildProcess, spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createKafkaBus, kafkaBusOptions } from '@ludex/pipelines'
import { snapshot } from '@ludex/pipelines/testing'
import { type PlaceSnapshotV1, TEN_MINUTES_MS, topics } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type KafkaBroker, startKafkaBroker } from '../harness/kafka-broker.ts'
import { freshTopics, silent, waitUntil } from './support.ts'

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/consumer-process.ts')
const SLOT0 = Date.UTC(2024, 0, 1)
const slotIndex = (m: PlaceSnapshotV1) => (m.slot - SLOT0) / TEN_MINUTES_MS

let broker: KafkaBroker
let child: ChildProcess | null = null
beforeAll(async () => {
  broker = await startKafkaBroker()
})
afterAll(async () => {
  child?.kill('SIGKILL')
  await broker?.dispose()
})

describe('a consumer process on SIGTERM', () => {
  it('finishes and commits the batch in flight, then leaves: the next consumer goes on from there', async () => {
    const config = await freshTopics(broker, 'shutdown')
    const producer = createKafkaBus(kafkaBusOptions(config, silent))
    // One key: one partition, read in batches of 10.
    await producer.publish(
      topics.snapshots,
      Array.from({ length: 50 }, (_, i) => snapshot(5, i)),
    )

    const events: Array<{ event: string; batch?: number; size?: number }> = []
    const proc = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      env: {
        ...process.env,
        KAFKA_BROKERS: config.KAFKA_BROKERS,
        KAFKA_TOPIC_PREFIX: config.KAFKA_TOPIC_PREFIX,
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
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)))

    // SIGTERM while the second batch is being handled.
    await waitUntil(() => events.some((e) => e.event === 'start' && e.batch === 2), 'the second batch')
    proc.kill('SIGTERM')
    expect(await exited).toBe(0)
    child = null
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
    const got: number[] = []
    const next = createKafkaBus(kafkaBusOptions(config, silent))
    next.subscribe(topics.snapshots, { group: 'sink', maxBatch: 10, maxWaitMs: 10 }, async (b) => {
      got.push(...b.map(slotIndex))
    })
    await next.drain()
    expect(got).toEqual(Array.from({ length: 30 }, (_, i) => 20 + i))
    await next.close()
    await producer.close()
  })
})
