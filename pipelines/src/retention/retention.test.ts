import type { ClickHouseClient } from '@clickhouse/client'
import {
  type ErrorReportV1,
  IP_ADDRESS_RETENTION_DAYS,
  SCHEMA_VERSION,
  type SiteEventV1,
  topics,
  VISIT_STATS_RETENTION_MONTHS,
} from '@ludex/schemas'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInProcessBus, type InProcessBus } from '../bus/in-process-bus.ts'
import { openTestStore, rows } from '../materialise/test-store.ts'
import { deadLetterWriter, type Sink, startSink } from '../sink/sink.ts'
import { tables } from '../store/tables.ts'
import { applyRetention, RETAINED_TABLES } from './retention.ts'

/*
 * The retention promises of the legal pages (issue 18, part 2 §9) on real chDB: visit statistics and
 * error reports kept 3 months, addresses 30 days. The rows go through the real road (in-process bus →
 * sink → ClickHouse); their TTLs are relative to the store's own clock, so the fixture's "old" rows are
 * dated that far before the real now.
 */
const logger = pino({ level: 'silent' })
const DAY_MS = 86_400_000
let client: ClickHouseClient
let bus: InProcessBus
let sink: Sink

beforeAll(async () => {
  client = await openTestStore()
  bus = createInProcessBus({ capacity: 1000, logger, onDeadLetter: deadLetterWriter(client) })
  sink = startSink({ bus, client, logger, batchMax: 100, batchWaitMs: 5 })
})
afterAll(async () => {
  await sink.stop()
  await bus.close()
  await client.close()
})

let counter = 0
const id = () => (++counter).toString(16).padStart(32, '0')

function pageView(at: number, path: string, ip: string): SiteEventV1 {
  return {
    schema_version: SCHEMA_VERSION,
    id: id(),
    event: 'page_view',
    at,
    path,
    title: 'Overview | Ludex',
    referrer: '',
    user_id: '',
    properties: {},
    client_ip: ip,
  }
}

function errorReport(at: number, message: string): ErrorReportV1 {
  return {
    schema_version: SCHEMA_VERSION,
    id: id(),
    at,
    kind: 'error',
    name: 'Error',
    message,
    stack: `Error: ${message}\n    at x (/assets/index.js:1:1)`,
    path: '/overview',
    release: '0.1.0+test',
    user_agent: 'Chromium',
  }
}

describe('site data through the bus into ClickHouse', () => {
  it('lands every message once, a redelivered one replacing itself', async () => {
    const now = Date.now()
    const signUp: SiteEventV1 = {
      ...pageView(now, '', ''),
      event: 'registered',
      user_id: '7f0c4d0e-2f4e-4bd4-9f11-1d5b0b6c2a10',
      properties: { initial_utm_source: 'newsletter', initial_utm_campaign: 'launch' },
    }
    const view = pageView(now, '/experiences?x=1', '203.0.113.9')
    const report = errorReport(now, 'boom')
    await bus.publish(topics.siteEvents, [view, signUp])
    await bus.publish(topics.siteEvents, [view])
    await bus.publish(topics.errorReports, [report, report])
    await bus.drain()
    const events = await rows<{
      id: string
      event: string
      path: string
      user_id: string
      client_ip: string
    }>(
      client,
      `SELECT id, event, path, user_id, client_ip FROM ${tables.siteEvents} FINAL WHERE id IN {ids:Array(String)} ORDER BY event`,
      { ids: [view.id, signUp.id] },
    )
    expect(events).toEqual([
      { id: view.id, event: 'page_view', path: '/experiences?x=1', user_id: '', client_ip: '203.0.113.9' },
      { id: signUp.id, event: 'registered', path: '', user_id: signUp.user_id, client_ip: '' },
    ])
    const props = await rows<{ p: Record<string, string> }>(
      client,
      `SELECT properties AS p FROM ${tables.siteEvents} FINAL WHERE id = {id:String}`,
      { id: signUp.id },
    )
    expect(props[0]?.p).toEqual({ initial_utm_source: 'newsletter', initial_utm_campaign: 'launch' })
    const reports = await rows<{ n: string }>(
      client,
      `SELECT count() AS n FROM ${tables.errorReports} FINAL WHERE id = {id:String}`,
      { id: report.id },
    )
    expect(Number(reports[0]?.n)).toBe(1)
  })
})

describe('retention (the scheduled job applying the tables’ TTLs)', () => {
  it('states the promised intervals in the tables themselves', async () => {
    for (const table of RETAINED_TABLES) {
      const [created] = await rows<{ q: string }>(
        client,
        'SELECT create_table_query AS q FROM system.tables WHERE database = currentDatabase() AND name = {t:String}',
        { t: table },
      )
      expect(created?.q, table).toContain(`TTL at + toIntervalMonth(${VISIT_STATS_RETENTION_MONTHS})`)
    }
    const [events] = await rows<{ q: string }>(
      client,
      'SELECT create_table_query AS q FROM system.tables WHERE database = currentDatabase() AND name = {t:String}',
      { t: tables.siteEvents },
    )
    expect(events?.q).toContain(`client_ip\` String TTL at + toIntervalDay(${IP_ADDRESS_RETENTION_DAYS})`)
  })

  it('deletes rows older than 3 months and addresses older than 30 days, and keeps the rest', async () => {
    // Old rows as they would be after months in the store: written while merges were held back, so
    // nothing but the job can apply their TTLs (a merge on its own would, some time later).
    for (const table of RETAINED_TABLES) await client.command({ query: `SYSTEM STOP MERGES ${table}` })
    const now = Date.now()
    const fresh = pageView(now - 2 * DAY_MS, '/overview', '198.51.100.1')
    const lastMonth = pageView(now - 29 * DAY_MS, '/tags', '198.51.100.2')
    const pastAddress = pageView(now - 31 * DAY_MS, '/genres', '198.51.100.3')
    const beyond = pageView(now - 95 * DAY_MS, '/creators', '198.51.100.4')
    const oldReport = errorReport(now - 95 * DAY_MS, 'old failure')
    const newReport = errorReport(now - 31 * DAY_MS, 'recent failure')
    await bus.publish(topics.siteEvents, [fresh, lastMonth, pastAddress, beyond])
    await bus.publish(topics.errorReports, [oldReport, newReport])
    await bus.drain()
    const ids = [fresh, lastMonth, pastAddress, beyond].map((e) => e.id)
    const read = () =>
      rows<{ path: string; client_ip: string }>(
        client,
        `SELECT path, client_ip FROM ${tables.siteEvents} WHERE id IN {ids:Array(String)} ORDER BY at DESC`,
        { ids },
      )
    const reportsLeft = async () =>
      (
        await rows<{ message: string }>(
          client,
          `SELECT message FROM ${tables.errorReports} WHERE id IN {ids:Array(String)} ORDER BY at DESC`,
          { ids: [oldReport.id, newReport.id] },
        )
      ).map((r) => r.message)
    // Before the job: everything is still there, addresses included.
    expect(await read()).toEqual([
      { path: '/overview', client_ip: '198.51.100.1' },
      { path: '/tags', client_ip: '198.51.100.2' },
      { path: '/genres', client_ip: '198.51.100.3' },
      { path: '/creators', client_ip: '198.51.100.4' },
    ])
    expect(await reportsLeft()).toEqual(['recent failure', 'old failure'])

    for (const table of RETAINED_TABLES) await client.command({ query: `SYSTEM START MERGES ${table}` })
    const result = await applyRetention(client, logger)
    expect(result.tables).toEqual([tables.siteEvents, tables.errorReports])

    expect(await read()).toEqual([
      { path: '/overview', client_ip: '198.51.100.1' },
      { path: '/tags', client_ip: '198.51.100.2' },
      // A visit older than 30 days stays a statistic, without its address.
      { path: '/genres', client_ip: '' },
    ])
    expect(await reportsLeft()).toEqual(['recent failure'])
    // Idempotent: a second run changes nothing.
    await applyRetention(client, logger)
    expect((await read()).length).toBe(3)
  })
})
