import { createHmac } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ClickHouseClient } from '@clickhouse/client'
import { createApiApp, createMemoryAggregateCache, listen } from '@ludex/api'
import { type AccountsRuntime, lazyPublisher, startAccounts } from '@ludex/cli'
import {
  createAnalyticsClient,
  insertLogWriter,
  migrate,
  resumeMaterialiser,
  type Sink,
  startSink,
  tables,
} from '@ludex/pipelines'
import { createKafkaBus, kafkaBusOptions } from '@ludex/pipelines/kafka'
import type { GameEvent } from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useKafkaBroker } from '../harness/kafka-fixture.ts'
import { freshTopics, recordCount, silent } from './support.ts'

/*
 * Game events in the distributed shape (issue 17): the API publishes through the producer `ludex api`
 * opens on the first batch (cli's lazyPublisher), a real broker carries them on game-events.v1 (keyed
 * by place), and a sink on its own Kafka bus writes them to the store, logging the inserts a
 * materialiser follows. The same batch sent twice (and one overlapping it) travels three times and
 * counts once. The accounts are the CLI's (PGlite and the credentials key file in the data dir).
 */
const kafka = useKafkaBroker()

describe('game events through Kafka', () => {
  let dir: string
  let client: ClickHouseClient
  let runtime: AccountsRuntime
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ludex-kafka-events-'))
    client = await createAnalyticsClient({ LUDEX_DATA_DIR: dir, CLICKHOUSE_DATABASE: 'events' }, silent)
    await migrate(client, silent)
  })
  afterAll(async () => {
    await runtime?.close()
    await client?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('counts a batch sent twice once: API → Kafka → sink → daily counts', { timeout: 120_000 }, async () => {
    const config = await freshTopics(kafka.broker, 'events', { LUDEX_DATA_DIR: dir, LOG_LEVEL: 'silent' })
    runtime = await startAccounts(config, silent, Date.now)
    // The sealing key was made once in the data dir, readable by its owner only.
    expect((await stat(join(dir, 'credentials.key'))).mode & 0o777).toBe(0o600)
    const credentials = runtime.accounts.credentials!
    const credential = await credentials.create({
      placeId: 4_242_424_242,
      comment: 'Kafka game',
      createdBy: null,
      at: new Date(),
    })

    const consumer = kafka.closeAfterTest(createKafkaBus(kafkaBusOptions(config, silent)))
    const sink: Sink = startSink({
      bus: consumer,
      client,
      logger: silent,
      batchMax: 1000,
      batchWaitMs: 20,
      onInserted: insertLogWriter(client),
    })
    const publisher = lazyPublisher(async () => createKafkaBus(kafkaBusOptions(config, silent)), silent)
    const app = createApiApp({
      logger: silent,
      readiness: async () => ({}),
      deps: {
        clickhouse: client,
        badges: async () => [],
        cache: createMemoryAggregateCache(Date.now),
        now: Date.now,
        logger: silent,
        accounts: runtime.accounts,
        publisher,
      },
    })
    const server = await listen(app, '127.0.0.1', 0)
    try {
      expect(publisher.opened()).toBe(false)
      const now = Date.now()
      const events = (n: number): GameEvent[] =>
        Array.from({ length: n }, (_, i) => ({ id: `k-${i}`, name: 'round_won', time: now - i * 1000 }))
      const post = async (list: GameEvent[], ageSeconds: number) => {
        const body = JSON.stringify({ events: list })
        // From one start second: each post's timestamp, hence its signature, differs (a repeat is a 409).
        const timestamp = String(Math.floor(now / 1000) - ageSeconds)
        const res = await fetch(`${server.url}/api/events`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-ludex-game-key': credential.game_key,
            'x-ludex-timestamp': timestamp,
            'x-ludex-signature': createHmac('sha256', credential.secret_key)
              .update(`${timestamp}.${body}`)
              .digest('hex'),
          },
          body,
        })
        return res.status
      }
      expect(await post(events(5), 0)).toBe(200)
      expect(publisher.opened()).toBe(true)
      expect(await post(events(5), 1)).toBe(200)
      expect(await post(events(7), 2)).toBe(200)
      // Three publishes of one key: three records on the topic (each packed), 17 events in all.
      expect(await recordCount(config, 'game-events.v1')).toBe(3)

      await consumer.drain()
      const [stored] = await client
        .query({
          query: `SELECT toString(count()) AS n FROM ${tables.gameEvents} FINAL WHERE place_id = {p:UInt64}`,
          query_params: { p: credential.place_id },
          format: 'JSONEachRow',
        })
        .then((r) => r.json<{ n: string }>())
      expect(stored?.n).toBe('7')

      const materialiser = await resumeMaterialiser({
        client,
        logger: silent,
        clock: { now: Date.now },
        pollMs: 60_000,
      })
      await materialiser.catchUp()
      await materialiser.stop()
      const [counted] = await client
        .query({
          query: `SELECT toString(sum(num_events)) AS n FROM ${tables.eventDailyCounts} FINAL WHERE place_id = {p:UInt64}`,
          query_params: { p: credential.place_id },
          format: 'JSONEachRow',
        })
        .then((r) => r.json<{ n: string }>())
      expect(counted?.n).toBe('7')
    } finally {
      await server.close()
      await publisher.close()
      await sink.stop()
    }
  })
})
