import type { ClickHouseClient } from '@clickhouse/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestStore } from '../materialise/test-store.ts'
import { dateParam, dateTime64Param, dateTimeParam, isoFromClickHouse } from './params.ts'

let client: ClickHouseClient
beforeAll(async () => {
  client = await openTestStore()
})
afterAll(async () => {
  await client.close()
})

/** One instant per row, read back through each placeholder type under a session zone that is not UTC. */
async function readBack(ms: number, zone: string) {
  const rs = await client.query({
    query: `SELECT toUnixTimestamp64Milli({t64:DateTime64(3)}) AS t64_ms,
                   toUnixTimestamp({t:DateTime}) AS t_s,
                   toUnixTimestamp({tu:DateTime('UTC')}) AS tu_s,
                   toString({d:Date}) AS d,
                   toString(toDateTime64({t64:DateTime64(3)}, 3, 'UTC')) AS text_utc`,
    query_params: {
      t64: dateTime64Param(ms),
      t: dateTimeParam(ms),
      tu: dateTimeParam(ms),
      d: dateParam(ms),
    },
    format: 'JSONEachRow',
    clickhouse_settings: { session_timezone: zone, output_format_json_quote_64bit_integers: 0 },
  })
  const [row] = await rs.json<{ t64_ms: number; t_s: number; tu_s: number; d: string; text_utc: string }>()
  return row
}

// Around a UTC midnight, with milliseconds, before and after the epoch's first second.
const INSTANTS = [
  Date.UTC(2024, 1, 29, 23, 59, 59, 7),
  Date.UTC(2024, 2, 1, 0, 0, 0, 0),
  Date.UTC(2026, 10, 18, 14, 3, 0, 999),
  // Fewer than five digits of seconds: ClickHouse reads such a run as a year unless it is padded.
  1_000,
  0,
]

describe('parameter helpers', () => {
  for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
    it(`mean the same instant under session zone ${zone}`, async () => {
      for (const ms of INSTANTS) {
        expect(await readBack(ms, zone), `${new Date(ms).toISOString()} in ${zone}`).toEqual({
          t64_ms: ms,
          t_s: Math.floor(ms / 1000),
          tu_s: Math.floor(ms / 1000),
          d: new Date(ms).toISOString().slice(0, 10),
          text_utc: new Date(ms).toISOString().slice(0, 23).replace('T', ' '),
        })
      }
    })
  }

  it('format epoch seconds exactly, with zero-padded milliseconds', () => {
    expect(dateTime64Param(1_700_000_000_005)).toBe('1700000000.005')
    expect(dateTime64Param(1_700_000_000_120)).toBe('1700000000.120')
    expect(dateTime64Param(1_000)).toBe('0000000001.000')
    expect(dateTimeParam(1_700_000_000_999)).toBe('1700000000')
    expect(dateTimeParam(0)).toBe('0000000000')
  })

  it('read UTC text back as ISO 8601, with or without milliseconds', () => {
    expect(isoFromClickHouse('2024-03-01 00:00:00')).toBe('2024-03-01T00:00:00.000Z')
    expect(isoFromClickHouse('2024-02-29 23:59:59.007')).toBe('2024-02-29T23:59:59.007Z')
  })
})
