import { join } from 'node:path'
import { benchApi, commandContext, readBenchFill, type TargetFigures } from '@ludex/cli'
import { createAnalyticsClient } from '@ludex/pipelines'
import { createPlatformModel } from '@ludex/workers'
import { startClickHouseHttp } from '../harness/clickhouse-http.ts'

export class BenchStoreMissingError extends Error {
  constructor(dataDir: string) {
    super(`${dataDir} holds no store a bench filled: run \`ludex bench --data-dir ${dataDir}\` first`)
    this.name = 'BenchStoreMissingError'
  }
}

/**
 * The read targets of issue 19.5 in the distributed shape: the same calls, viewer and clock as `ludex
 * bench`'s, at 32 connections, with the API reading the store through CLICKHOUSE_URL. The store is the
 * one a `ludex bench --data-dir` run filled (120 days of 2,000 experiences in `make bench`); the server
 * is the test harness's ClickHouse HTTP interface over chDB in a process of its own, since no
 * ClickHouse server binary runs on this machine. That server answers parameterised statements one at
 * a time, as chDB does in process: what the figures show is the API with the engine's CPU in another
 * process and a round trip per read, not a real server's concurrent reads.
 */
export async function benchApiOnServer(options: {
  readonly dataDir: string
  readonly seconds: number
}): Promise<TargetFigures[]> {
  const fill = await readBenchFill(options.dataDir)
  if (!fill) throw new BenchStoreMissingError(options.dataDir)
  // The embedded store's own directory (chdbPath), served as is.
  const server = await startClickHouseHttp({ dataDir: join(options.dataDir, 'clickhouse') })
  try {
    const { config, logger } = commandContext({
      LUDEX_DATA_DIR: options.dataDir,
      CLICKHOUSE_URL: server.clickhouseUrl,
      LOG_LEVEL: 'warn',
      KAFKA_BROKERS: '',
      REDIS_URL: '',
    })
    const store = await createAnalyticsClient(config, logger)
    try {
      const { targets } = await benchApi({
        config,
        store,
        model: createPlatformModel({ seed: config.SIMULATOR_SEED, experiences: fill.experiences }),
        now: fill.now,
        logger,
        durationSeconds: options.seconds,
        selection: 'targets',
      })
      return targets
    } finally {
      await store.close()
    }
  } finally {
    await server.stop()
  }
}
