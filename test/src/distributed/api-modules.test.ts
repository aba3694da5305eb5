import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ClickHouseHttp, startClickHouseHttp } from '../harness/clickhouse-http.ts'
import { killAllLudex, spawnLudex } from '../harness/ludex-process.ts'

/**
 * The API process loads neither the embedded engine nor the bus's or the scheduler's clients unless
 * it owns the embedded store (DESIGN §3). With KAFKA_BROKERS it opens a producer, and loads kafkajs,
 * only when a game server first sends events (cli's lazyPublisher; test/src/kafka/game-events.test.ts). `ludex api` runs with a preload that records the packages
 * the process loaded (test/scripts/loaded-packages.mjs, the check cli/README.md shows).
 */
const PRELOAD = fileURLToPath(new URL('../../scripts/loaded-packages.mjs', import.meta.url))

describe('the packages `ludex api` loads', () => {
  let ch: ClickHouseHttp | undefined
  const dirs: string[] = []
  beforeAll(async () => {
    ch = await startClickHouseHttp({ user: 'ludex', password: 'modules' })
  })
  afterAll(async () => {
    await killAllLudex()
    await ch?.stop()
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
  })

  /** Starts `ludex api`, reads a page, stops it, and returns the packages it loaded. */
  async function loadedBy(env: Record<string, string>): Promise<string[]> {
    const dir = await mkdtemp(join(tmpdir(), 'ludex-modules-'))
    dirs.push(dir)
    const file = join(dir, 'packages.txt')
    const api = await spawnLudex(['api'], {
      LUDEX_DATA_DIR: join(dir, 'data'),
      PORT: '0',
      SIMULATOR_EXPERIENCES: '10',
      NODE_OPTIONS: `--import=${PRELOAD}`,
      LUDEX_LOADED_PACKAGES_FILE: file,
      ...env,
    })
    expect((await fetch(`${api.apiUrl}/api/place?slim`)).status).toBe(200)
    expect((await api.stop()).code).toBe(0)
    return (await readFile(file, 'utf8')).split('\n').filter(Boolean)
  }

  it('on a ClickHouse server: no chdb, no kafkajs, no bullmq, even with KAFKA_BROKERS set', async () => {
    const packages = await loadedBy({ CLICKHOUSE_URL: ch!.clickhouseUrl, KAFKA_BROKERS: '127.0.0.1:9' })
    // The recorder saw the process's CommonJS packages: the ClickHouse client it queried the server with.
    expect(packages).toContain('@clickhouse/client')
    expect(packages).not.toContain('chdb')
    expect(packages).not.toContain('kafkajs')
    expect(packages).not.toContain('bullmq')
  })

  it('as the owner of the embedded store: chdb, and still no bus or scheduler client', async () => {
    const packages = await loadedBy({})
    expect(packages).toContain('chdb')
    expect(packages).not.toContain('kafkajs')
    expect(packages).not.toContain('bullmq')
  })
})
