import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type AccountsStore,
  type AppDatabase,
  accountsStore,
  createOutboxMailer,
  createSecretBox,
  dispatchDue,
  evaluateAlerts,
  migrateAppDatabase,
  openAppDatabase,
  sendDigests,
  verifyWebhookSignature,
} from '@ludex/api'
import { backfill, type Pipeline, startPipeline } from '@ludex/cli'
import {
  type AlertDeliveryCreate,
  alertWebhookBody,
  loadConfig,
  WEBHOOK_ATTEMPTS_MAX,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookBackoffMs,
} from '@ludex/schemas'
import {
  createPlatformModel,
  DAY_MS,
  experienceAt,
  type PlatformModel,
  SLOT_MS,
  sampleAt,
} from '@ludex/workers'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Receiver, startReceiver } from './receiver.ts'

/*
 * Alerts end to end on the real engines (issue 20 points 1 and 7): the simulator's history goes through
 * the bus, the sink and the materialiser into chDB; alerts live in PGlite. A viral spike of the
 * simulator (spikeAt: a jump of the day level after an update) fires a CCU alert in the slot it
 * crosses the threshold and not before; a loopback receiver gets it once, also after the slot is
 * delivered and evaluated again; a receiver answering 500 is retried on the backoff and dead-lettered
 * after the last try, on a clock the test moves (no sleeping).
 */

const logger = pino({ level: 'silent' })
const SEED = 20_240_920
const EXPERIENCES = 60

/**
 * The first viral spike of the model in the 3 weeks before `before` (spikeAt: the day level jumps after
 * an update): a slot whose CCU is at least twice the CCU of the same slot a day earlier and above
 * every slot of the hour before it, of an experience that existed for the whole window. The threshold
 * is the lowest whole number that slot reaches and no slot of the hour before did.
 */
function findSpike(
  model: PlatformModel,
  before: number,
): { placeId: number; slotMs: number; ccu: number; threshold: number } {
  const from = before - 21 * DAY_MS
  for (let t = from + DAY_MS; t < before; t += SLOT_MS) {
    for (let i = 0; i < model.count; i++) {
      const p = experienceAt(model, i)
      if (p.createdMs > from - 2 * DAY_MS) continue
      const ccu = sampleAt(model, i, t).playing
      if (ccu < 50 || ccu < 2 * sampleAt(model, i, t - DAY_MS).playing) continue
      let hourMax = 0
      for (let k = 1; k <= 6; k++) hourMax = Math.max(hourMax, sampleAt(model, i, t - k * SLOT_MS).playing)
      if (ccu > hourMax) return { placeId: p.rootPlaceId, slotMs: t, ccu, threshold: hourMax + 1 }
    }
  }
  throw new Error('the model has no spike in the window: pick another seed')
}

describe('alerts on the pipeline', () => {
  let dataDir: string
  let pipeline: Pipeline
  let appDb: AppDatabase
  let store: AccountsStore
  let model: PlatformModel
  let spike: ReturnType<typeof findSpike>
  let ok: Receiver
  let failing: Receiver
  let discord: Receiver
  const alertIds: Record<'ok' | 'failing' | 'discord' | 'email' | 'digest', number> = {
    ok: 0,
    failing: 0,
    discord: 0,
    email: 0,
    digest: 0,
  }
  const secrets: Record<string, string> = {}
  let clock = 0
  /** When the failing receiver was last tried. */
  let lastTry = 0
  let mailer: ReturnType<typeof createOutboxMailer>
  const evaluate = () =>
    evaluateAlerts({
      repository: store.alerts,
      store: { clickhouse: pipeline.client, logger },
      tags: store.tags,
      now: () => clock,
    })
  const dispatch = () =>
    dispatchDue({
      repository: store.alerts,
      mailer,
      mail: { product: 'Ludex', publicUrl: 'https://ludex.test' },
      now: () => clock,
      allowPrivate: true,
      logger,
    })

  beforeAll(async () => {
    model = createPlatformModel({ seed: SEED, experiences: EXPERIENCES })
    spike = findSpike(model, Date.UTC(2026, 10, 18, 0, 0, 0))
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-alerts-'))
    const config = loadConfig({ LUDEX_DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIMULATOR_SEED: String(SEED) })
    pipeline = await startPipeline(config, logger, { now: () => spike.slotMs })
    appDb = await openAppDatabase({ pgliteDir: join(dataDir, 'pglite'), logger })
    await migrateAppDatabase(appDb.db, logger)
    // Webhook secrets are sealed with the credentials key (here one of the test's own).
    store = accountsStore(appDb.db, createSecretBox(randomBytes(32)))
    mailer = createOutboxMailer({ dir: join(dataDir, 'outbox'), logger, now: () => clock })
    ;[ok, failing, discord] = await Promise.all([startReceiver(200), startReceiver(500), startReceiver(204)])
    const user = await store.users.create({
      email: `alerts-${randomBytes(4).toString('hex')}@example.com`,
      passwordHash: null,
      firstName: 'Alert',
      lastName: 'Owner',
      role: 'viewer',
      emailVerified: true,
      analyticsId: randomBytes(16).toString('hex'),
      createdAt: new Date(spike.slotMs - DAY_MS),
    })
    const create = async (delivery: AlertDeliveryCreate) => {
      const a = await store.alerts.insert({
        userId: user.id,
        name: 'Spike',
        target: { type: 'experience', placeId: spike.placeId },
        rule: { kind: 'ccu', direction: 'above', threshold: spike.threshold },
        delivery,
        secret: randomBytes(32).toString('hex'),
        createdAt: new Date(spike.slotMs - DAY_MS),
      })
      if (a.webhook) secrets[a.id] = a.webhook.secret
      return a.id
    }
    alertIds.ok = await create({ channel: 'webhook', url: ok.url, format: 'json' })
    alertIds.failing = await create({ channel: 'webhook', url: failing.url, format: 'json' })
    alertIds.discord = await create({ channel: 'webhook', url: discord.url, format: 'discord' })
    alertIds.email = await create({ channel: 'email', digest: false })
    alertIds.digest = await create({ channel: 'email', digest: true })
  })
  afterAll(async () => {
    await Promise.all([ok?.close(), failing?.close(), discord?.close()])
    await pipeline?.stop()
    await appDb?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('finds a viral spike in the simulator, whose slot reaches the threshold', () => {
    expect(spike.ccu).toBeGreaterThanOrEqual(spike.threshold)
  })

  it('does not fire while the newest rolled-up slot is the one before the spike', async () => {
    await backfill({ pipeline, model, days: 2, now: spike.slotMs - SLOT_MS, logger })
    clock = spike.slotMs + 60_000
    const result = await evaluate()
    expect(result.slotMs).toBe(spike.slotMs - SLOT_MS)
    expect(result.fired).toBe(0)
  })

  it('fires every alert on the spike within its slot, once its rollups landed', async () => {
    await backfill({ pipeline, model, days: SLOT_MS / DAY_MS, now: spike.slotMs, logger })
    clock = spike.slotMs + SLOT_MS + 60_000
    const result = await evaluate()
    expect(result.slotMs).toBe(spike.slotMs)
    expect(result.fired).toBe(5)
    lastTry = clock
    const sent = await dispatch()
    // The 200 and 204 receivers and the email: delivered; the failing receiver: retrying.
    expect(sent).toEqual({ delivered: 3, retrying: 1, dead: 0 })
    expect(ok.received).toHaveLength(1)
    expect(discord.received).toHaveLength(1)
  })

  it('signs the plain JSON body so the receiver can verify it, with the timestamp inside the body', () => {
    const got = ok.received[0]
    if (!got) throw new Error('nothing received')
    const signature = got.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string
    expect(verifyWebhookSignature(secrets[alertIds.ok] as string, got.body, signature)).toBe(true)
    expect(verifyWebhookSignature(secrets[alertIds.failing] as string, got.body, signature)).toBe(false)
    const body = alertWebhookBody.parse(JSON.parse(got.body))
    expect(body.event.place_id).toBe(spike.placeId)
    expect(body.event.kind).toBe('ccu')
    expect(body.event.summary).toContain(
      `CCU ${spike.ccu.toLocaleString('en-US')} went above ${spike.threshold.toLocaleString('en-US')}`,
    )
    expect(String(body.timestamp)).toBe(got.headers[WEBHOOK_TIMESTAMP_HEADER.toLowerCase()])
  })

  it('sends Discord a body with content and embeds, signed the same way', () => {
    const got = discord.received[0]
    if (!got) throw new Error('nothing received')
    const body = JSON.parse(got.body) as { content: string; embeds: { description: string; url: string }[] }
    expect(body.content).toContain('went above')
    expect(body.embeds[0]?.url).toBe(`https://ludex.test/experiences/${spike.placeId}`)
    const signature = got.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string
    expect(verifyWebhookSignature(secrets[alertIds.discord] as string, got.body, signature)).toBe(true)
  })

  it('fires nothing again when the spike slot is delivered and evaluated a second time', async () => {
    await backfill({ pipeline, model, days: SLOT_MS / DAY_MS, now: spike.slotMs, logger })
    const again = await evaluate()
    expect(again.slotMs).toBe(spike.slotMs)
    expect(again.fired).toBe(0)
    clock += 10_000
    const sent = await dispatch()
    expect(sent.delivered).toBe(0)
    expect(ok.received).toHaveLength(1)
    const mails = await mailer.list()
    expect(mails.filter((m) => m.subject.includes('went above'))).toHaveLength(1)
  })

  it('retries the failing receiver after 1, 2, 4 and 8 minutes, then dead-letters it', async () => {
    const deliveryOf = () =>
      appDb.db
        .selectFrom('alert_deliveries as d')
        .innerJoin('alert_firings as f', 'f.id', 'd.firing_id')
        .select(['d.status', 'd.attempts', 'd.next_attempt_at', 'd.last_error'])
        .where('f.alert_id', '=', alertIds.failing)
        .executeTakeFirstOrThrow()
    expect(failing.received).toHaveLength(1)
    for (let tries = 1; tries < WEBHOOK_ATTEMPTS_MAX; tries++) {
      const d = await deliveryOf()
      expect(d.status).toBe('retrying')
      expect(d.attempts).toBe(tries)
      expect(d.last_error).toBe('HTTP 500')
      const due = (d.next_attempt_at as Date).getTime()
      expect(due - lastTry).toBe(webhookBackoffMs(tries))
      // Just before it is due: not tried.
      clock = due - 1
      expect(await dispatch()).toEqual({ delivered: 0, retrying: 0, dead: 0 })
      expect(failing.received).toHaveLength(tries)
      clock = due
      lastTry = due
      await dispatch()
      expect(failing.received).toHaveLength(tries + 1)
    }
    const dead = await deliveryOf()
    expect(dead.status).toBe('dead')
    expect(dead.attempts).toBe(WEBHOOK_ATTEMPTS_MAX)
    expect(dead.next_attempt_at).toBeNull()
    clock += DAY_MS
    await dispatch()
    expect(failing.received).toHaveLength(WEBHOOK_ATTEMPTS_MAX)
  })

  it('keeps the digest alert’s firing for one email after the UTC day ends', async () => {
    const deps = {
      repository: store.alerts,
      mailer,
      mail: { product: 'Ludex', publicUrl: 'https://ludex.test' },
      allowPrivate: true,
      logger,
    }
    const firedAt = spike.slotMs + SLOT_MS + 60_000
    const dayEnd = Math.floor(firedAt / DAY_MS) * DAY_MS + DAY_MS
    // The firing's own day has not ended (its clock is the day it fired): nothing yet.
    expect(await sendDigests({ ...deps, now: () => firedAt })).toBe(0)
    expect(await sendDigests({ ...deps, now: () => dayEnd + 1000 })).toBe(1)
    expect(await sendDigests({ ...deps, now: () => dayEnd + 2000 })).toBe(0)
    const files = (await readdir(join(dataDir, 'outbox'))).filter((f) => f.endsWith('.json'))
    const texts = await Promise.all(files.map((f) => readFile(join(dataDir, 'outbox', f), 'utf8')))
    expect(texts.filter((t) => t.includes('daily digest'))).toHaveLength(1)
  })
})
