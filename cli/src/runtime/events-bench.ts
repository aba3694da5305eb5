import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createAccounts,
  createApiApp,
  createMemoryAggregateCache,
  createOutboxMailer,
  listen,
  migrateAppDatabase,
  openAppDatabase,
  signEventBody,
} from '@ludex/api'
import { materialiseEventCounts, queryRows, tables } from '@ludex/pipelines'
import { type Config, EVENT_HEADERS, EVENTS_PATH, type GameCredential } from '@ludex/schemas'
import autocannon from 'autocannon'
import type { Logger } from 'pino'
import type { Pipeline } from './pipeline.ts'

export interface EventBenchOptions {
  readonly pipeline: Pipeline
  readonly config: Config
  readonly logger: Logger
  /** Signed batches to send in all. */
  readonly requests: number
  readonly eventsPerBatch: number
  readonly connections: number
  /** Credentials (experiences) the batches are spread over, round-robin. */
  readonly games: number
}

export interface EventBenchFigures {
  readonly sentEvents: number
  /** Events stored in game_events (deduplicated) and counted in event_daily_counts afterwards. */
  readonly storedEvents: number
  readonly countedEvents: number
  /** Answers that were not 200. */
  readonly refused: number
  /** Events per second from the first request to the last event stored (the figure that counts). */
  readonly eventsPerSecond: number
  /** Events per second over HTTP alone (first request to last answer). */
  readonly httpEventsPerSecond: number
  readonly p50: number
  readonly p99: number
  /**
   * CPU time of the whole process (API, load generator, bus, sink, chDB's threads) per event stored:
   * what the throughput costs, whatever else the machine was running at the time.
   */
  readonly cpuMicrosPerEvent: number
}

/** One batch of `n` events with ids unique in the run (so nothing sent is a duplicate). */
function batchBody(index: number, n: number, nowMs: number): string {
  const events = []
  for (let i = 0; i < n; i++) {
    events.push({
      id: `bench-${index}-${i}`,
      name: i % 4 === 0 ? 'purchase' : 'round_completed',
      time: nowMs - ((index * n + i) % 3_600_000),
      ...(i % 4 === 0 ? { value: 99 } : {}),
      ...(i % 10 === 0 ? { properties: { map: 'castle', mode: 'ranked' } } : {}),
    })
  }
  return JSON.stringify({ events })
}

/**
 * `ingest_events_http`: signed batches of game events over HTTP at `connections` connections into the
 * embedded store, as game servers send them: the real API (signature, replay check, per-key limit,
 * schema) publishing to the pipeline's in-process bus, whose sink writes game_events. Bodies are made
 * before the clock starts; each request is signed as it leaves (a fresh timestamp, so every signature
 * is new). Afterwards it checks that every event sent is stored once and counted once.
 */
export async function benchEventIngest(options: EventBenchOptions): Promise<EventBenchFigures> {
  const { pipeline, logger } = options
  const dir = await mkdtemp(join(tmpdir(), 'ludex-events-bench-'))
  const appDb = await openAppDatabase({ logger })
  await migrateAppDatabase(appDb.db, logger)
  const now = Date.now
  const accounts = createAccounts({
    // A budget no game of the benchmark reaches: the limiter still counts every batch.
    config: { ...options.config, EVENT_RATE_LIMIT: 100_000_000 },
    db: appDb.db,
    mailer: createOutboxMailer({ dir, logger, now }),
    logger,
    now,
    credentialsKey: Buffer.alloc(32, 7),
  })
  const games: GameCredential[] = []
  for (let i = 0; i < options.games; i++) {
    games.push(
      await accounts.credentials!.create({
        placeId: 9_000_000_000 + i,
        comment: `Bench game ${i}`,
        createdBy: null,
        at: new Date(),
      }),
    )
  }
  const app = createApiApp({
    logger,
    readiness: async () => ({}),
    deps: {
      clickhouse: pipeline.client,
      badges: async () => [],
      cache: createMemoryAggregateCache(now),
      now,
      logger,
      accounts,
      publisher: pipeline.bus,
    },
  })
  const server = await listen(app, '127.0.0.1', 0)
  const startMs = now()
  const bodies = Array.from({ length: options.requests }, (_, i) =>
    batchBody(i, options.eventsPerBatch, startMs),
  )
  let next = 0
  try {
    const started = performance.now()
    const cpuBefore = process.cpuUsage()
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: server.url,
          connections: options.connections,
          amount: options.requests,
          requests: [
            {
              method: 'POST',
              path: EVENTS_PATH,
              setupRequest: (req) => {
                const i = next++ % bodies.length
                const game = games[i % games.length]!
                const body = bodies[i]!
                const timestamp = String(Math.floor(Date.now() / 1000))
                return {
                  ...req,
                  body,
                  headers: {
                    'content-type': 'application/json',
                    [EVENT_HEADERS.gameKey]: game.game_key,
                    [EVENT_HEADERS.timestamp]: timestamp,
                    [EVENT_HEADERS.signature]: signEventBody(game.secret_key, timestamp, body),
                  },
                }
              },
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      )
    })
    const answeredMs = performance.now() - started
    await pipeline.bus.drain()
    const storedMs = performance.now() - started
    const cpu = process.cpuUsage(cpuBefore)
    const sentEvents = options.requests * options.eventsPerBatch
    const placeIds = games.map((g) => g.place_id)
    const [stored] = await queryRows<{ n: number }>(pipeline.client, {
      what: 'bench events stored',
      query: `SELECT count() AS n FROM ${tables.gameEvents} FINAL WHERE place_id IN {p:Array(UInt64)}`,
      params: { p: placeIds },
      int64: ['n'],
    })
    await materialiseEventCounts(pipeline.client, { fromMs: startMs - 3_600_000, toMs: startMs, now: now() })
    const [counted] = await queryRows<{ n: number }>(pipeline.client, {
      what: 'bench events counted',
      query: `SELECT sum(num_events) AS n FROM ${tables.eventDailyCounts} FINAL WHERE place_id IN {p:Array(UInt64)}`,
      params: { p: placeIds },
      int64: ['n'],
    })
    return {
      sentEvents,
      storedEvents: stored?.n ?? 0,
      countedEvents: counted?.n ?? 0,
      refused: result.non2xx + result.errors + result.timeouts,
      eventsPerSecond: Math.round(sentEvents / (storedMs / 1000)),
      httpEventsPerSecond: Math.round(sentEvents / (answeredMs / 1000)),
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuMicrosPerEvent: Math.round(((cpu.user + cpu.system) / sentEvents) * 10) / 10,
    }
  } finally {
    await server.close()
    await appDb.close()
    await rm(dir, { recursive: true, force: true })
  }
}
