import { afterAll, afterEach, beforeAll } from 'vitest'
import { type KafkaBroker, type KafkaBrokerOptions, startKafkaBroker } from './kafka-broker.ts'

/** What a test file gets from useKafkaBroker(). */
export interface KafkaBrokerFixture {
  /** The file's broker; read it inside tests and hooks (it starts in beforeAll). */
  readonly broker: KafkaBroker
  /** Closes `closable` (a bus, a client) after the current test, even a failed one; returns it. */
  closeAfterTest<T extends { close(): Promise<void> }>(closable: T): T
}

/**
 * One real broker for the calling test file: started before its first test, disposed after its last,
 * with what a test opened on it closed after that test. Call it at the top of the file (it registers
 * the file's hooks); one broker per file, as the harness intends.
 */
export function useKafkaBroker(options: KafkaBrokerOptions = {}): KafkaBrokerFixture {
  let broker: KafkaBroker | undefined
  const open: { close(): Promise<void> }[] = []
  beforeAll(async () => {
    broker = await startKafkaBroker(options)
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()))
  })
  afterAll(async () => {
    await broker?.dispose()
  })
  return {
    get broker() {
      if (!broker) throw new Error('the Kafka broker is read before its beforeAll hook ran')
      return broker
    },
    closeAfterTest(closable) {
      open.push(closable)
      return closable
    },
  }
}
