import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RoleProcess, startRoles } from '@ludex/cli'
import { loadConfig } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import { systemClock } from '@ludex/workers'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { type ClickHouseHttp, startClickHouseHttp } from '../harness/clickhouse-http.ts'

interface Readiness {
  readonly ready: boolean
  readonly checks: Record<string, { ok: boolean; detail?: string }>
}

/** The api role is ready only while what it reads answers: its /readyz line asks the app database and the store. */
describe('the api role in /readyz', () => {
  let ch: ClickHouseHttp | undefined
  let proc: RoleProcess | undefined
  let dataDir: string | undefined

  afterAll(async () => {
    await proc?.stop()
    await ch?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('is ready with both answering, and not once the store stops answering', async () => {
    ch = await startClickHouseHttp({ user: 'ludex', password: 'ready' })
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-api-ready-'))
    proc = await startRoles({
      roles: ['api'],
      config: loadConfig({
        CLICKHOUSE_URL: ch.clickhouseUrl,
        LUDEX_DATA_DIR: dataDir,
        PORT: '0',
        SIMULATOR_EXPERIENCES: '5',
      }),
      logger: pino({ level: 'silent' }),
      clock: systemClock,
      staticDir: dataDir,
    })
    const readyz = async () => {
      const res = await fetch(`${proc!.apiUrl}/readyz`)
      return { status: res.status, body: (await res.json()) as Readiness }
    }
    const up = await readyz()
    expect(up.status).toBe(200)
    expect(up.body.checks.api).toEqual({ ok: true, detail: 'app database (pglite) and store answer' })

    await ch.stop()
    ch = undefined
    const down = await waitFor('/readyz to see the store gone', async () => {
      const r = await readyz()
      return r.status === 503 ? r : undefined
    })
    expect(down.body.ready).toBe(false)
    expect(down.body.checks.api).toEqual({ ok: false, detail: 'the store did not answer' })
  })
})
