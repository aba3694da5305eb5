import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ClickHouseClient } from '@clickhouse/client'
import {
  type AccountsStore,
  type AppDatabase,
  accountsStore,
  evaluateAlerts,
  migrateAppDatabase,
  openAppDatabase,
} from '@ludex/api'
import { materialiseRange } from '@ludex/pipelines'
import { insertSnapshots, openTestStore, type SnapshotRow } from '@ludex/pipelines/testing'
import type { AlertRule } from '@ludex/schemas'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/*
 * The momentum alert on the real engines (issue 20 points 1 and 3): a hand-made series in chDB,
 * rolled up by the materialiser's own SQL, read by the evaluator through the momentum API's store
 * query; alerts in PGlite. One experience has 100 players a day for two weeks, then 250 on day D:
 * its label is Stable on D − 1 and Rising on D ((6 × 100 + 250) / 7 = 121.4 against 100, +21 %).
 * The change fires once D has closed, once only when the same slots are rolled up and evaluated again,
 * and only for the alerts that asked for Rising (or any label).
 */

const logger = pino({ level: 'silent' })
const HOUR = 3_600_000
const DAY = 24 * HOUR
/** Day D's start (days run 01:00 to 01:00 UTC). */
const D = Date.UTC(2026, 10, 16, 1, 0, 0)
const PLACE = 4242

/** One sample a day at 12:00 UTC, 100 players, for the 14 days before D, and one of D's morning. */
const beforeD: SnapshotRow[] = [
  ...Array.from({ length: 14 }, (_, i) => ({
    place_id: PLACE,
    slot: D - (14 - i) * DAY + 11 * HOUR,
    playing: 100,
  })),
  { place_id: PLACE, slot: D + 2 * HOUR, playing: 100 },
]
/** The rest of D (its average: (100 + 400) / 2 = 250) and the first hours of the day after. */
const dayD: SnapshotRow[] = [
  { place_id: PLACE, slot: D + 11 * HOUR, playing: 400 },
  { place_id: PLACE, slot: D + DAY + 2 * HOUR, playing: 100 },
]

describe('the momentum alert on a hand-made series', () => {
  let dataDir: string
  let client: ClickHouseClient
  let appDb: AppDatabase
  let store: AccountsStore
  const ids: Partial<Record<'rising' | 'any' | 'declining', number>> = {}
  let clock = 0

  const land = async (rows: SnapshotRow[]) => {
    await insertSnapshots(client, rows)
    const slots = rows.map((r) => r.slot)
    await materialiseRange(client, { fromMs: Math.min(...slots), toMs: Math.max(...slots), now: clock })
  }
  const evaluate = () =>
    evaluateAlerts({
      repository: store.alerts,
      store: { clickhouse: client, logger },
      tags: store.tags,
      now: () => clock,
    })
  const firings = (alertId: number | undefined) =>
    appDb.db
      .selectFrom('alert_firings')
      .select(['event_key', 'summary', 'place_id'])
      .where('alert_id', '=', alertId ?? 0)
      .execute()

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-momentum-alert-'))
    client = await openTestStore()
    appDb = await openAppDatabase({ pgliteDir: join(dataDir, 'pglite'), logger })
    await migrateAppDatabase(appDb.db, logger)
    store = accountsStore(appDb.db)
    const user = await store.users.create({
      email: `momentum-${randomBytes(4).toString('hex')}@example.com`,
      passwordHash: null,
      firstName: 'Momentum',
      lastName: 'Watcher',
      role: 'viewer',
      emailVerified: true,
      analyticsId: randomBytes(16).toString('hex'),
      createdAt: new Date(D - 20 * DAY),
    })
    for (const to of ['rising', 'any', 'declining'] as const) {
      const rule: AlertRule = { kind: 'momentum', to }
      const a = await store.alerts.insert({
        userId: user.id,
        name: `Momentum ${to}`,
        target: { type: 'experience', placeId: PLACE },
        rule,
        delivery: { channel: 'email', digest: false },
        secret: randomBytes(32).toString('hex'),
        createdAt: new Date(D - 2 * DAY),
      })
      ids[to] = a.id
    }
  })
  afterAll(async () => {
    await client?.close()
    await appDb?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('fires nothing while D is still in progress (the last closed day, D − 1, is Stable like D − 2)', async () => {
    clock = D + 2 * HOUR + 15 * 60_000
    await land(beforeD)
    const result = await evaluate()
    expect(result.slotMs).toBe(D + 2 * HOUR)
    expect(result.fired).toBe(0)
  })

  it('fires the Rising and the any-label alerts once D has closed, not the Declining one', async () => {
    clock = D + DAY + 2 * HOUR + 15 * 60_000
    await land(dayD)
    const result = await evaluate()
    expect(result.slotMs).toBe(D + DAY + 2 * HOUR)
    expect(result.fired).toBe(2)
    const rising = await firings(ids.rising)
    expect(rising).toEqual([
      {
        event_key: `momentum:rising:${PLACE}:${new Date(D).toISOString()}`,
        summary: `Experience ${PLACE}: momentum turned Rising, was Stable (+21.4 % week on week)`,
        place_id: PLACE,
      },
    ])
    expect(await firings(ids.any)).toHaveLength(1)
    expect(await firings(ids.declining)).toEqual([])
  })

  it('fires nothing again when the same slots are delivered, rolled up and evaluated a second time', async () => {
    clock += 60_000
    await land([...beforeD, ...dayD])
    const again = await evaluate()
    expect(again.slotMs).toBe(D + DAY + 2 * HOUR)
    expect(again.fired).toBe(0)
    expect(await firings(ids.rising)).toHaveLength(1)
    expect(await firings(ids.any)).toHaveLength(1)
    expect(await firings(ids.declining)).toEqual([])
  })
})
