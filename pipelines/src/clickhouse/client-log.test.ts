import { createClient } from '@clickhouse/client'
import { pino } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { closedPort } from '../sink/store-failure-fixtures.ts'
import { clickHouseClientLog } from './client-log.ts'

/** A pino logger at `level` whose lines (parsed) land in the returned array. */
function captured(level: string) {
  const lines: Record<string, unknown>[] = []
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) })
  return { logger, lines }
}

/** An insert the client cannot deliver, through a client logging to `logger`. */
async function failedInsert(logger: pino.Logger): Promise<unknown> {
  const client = createClient({
    url: `http://127.0.0.1:${await closedPort()}`,
    log: clickHouseClientLog(logger),
  })
  try {
    return await client
      .insert({ table: 'place_snapshots', values: [{ place_id: 1 }], format: 'JSONEachRow' })
      .catch((err: unknown) => err)
  } finally {
    await client.close()
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("the ClickHouse client's own log", () => {
  it('puts a failed call (and the client greeting) at debug in pino, nothing on the console: the caller gets the error', async () => {
    const consoleError = vi.spyOn(console, 'error')
    const debug = captured('debug')
    expect(await failedInsert(debug.logger)).toMatchObject({ code: 'ECONNREFUSED' })
    expect(debug.lines).toEqual([
      expect.objectContaining({ level: 20, msg: 'Log level is set to DEBUG' }),
      expect.objectContaining({
        level: 20,
        component: 'clickhouse-client',
        operation: 'Insert',
        msg: 'Insert: HTTP request error.',
        err: expect.objectContaining({ code: 'ECONNREFUSED' }),
      }),
    ])
    const info = captured('info')
    expect(await failedInsert(info.logger)).toMatchObject({ code: 'ECONNREFUSED' })
    expect(info.lines).toEqual([])
    expect(consoleError).not.toHaveBeenCalled()
  })

  it("keeps the level of the client's other errors and warnings", () => {
    const { logger, lines } = captured('info')
    const client = new (clickHouseClientLog(logger).LoggerClass)()
    client.error({
      module: 'Connection',
      message: 'Query: an error occurred while destroying the request',
      err: new Error('boom'),
    })
    client.warn({
      module: 'Connection',
      message: 'Query: socket was closed before the response was fully read',
    })
    client.debug({ module: 'Connection', message: 'not written at info' })
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'Query: an error occurred while destroying the request'],
      [40, 'Query: socket was closed before the response was fully read'],
    ])
  })
})
