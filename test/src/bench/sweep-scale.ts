import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type PlaceSnapshotV1, SLOT_MS, topics } from '@ludex/schemas'
import { waitFor } from '@ludex/schemas/testing'
import {
  createPlatformModel,
  createRedisTracker,
  type ExperienceRef,
  existsAt,
  experienceAt,
  indexOfUniverse,
  restrictedAt,
  startSimulatorServer,
} from '@ludex/workers'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { metricValue, migrateShape, shapeBus, startShapeEngines } from '../harness/distributed-shape.ts'
import { killAllLudex, type LudexProcess, spawnLudex } from '../harness/ludex-process.ts'

export interface SweepScaleOptions {
  readonly experiences: number
  readonly seed: number
  /** Poller processes, each on its own loopback address (127.0.0.2, .3…). */
  readonly pollers: number
  /** Whole 10-minute slots measured (the first one starting after every process is up). */
  readonly slots: number
  /** The simulator's budget per client address on its games host, requests a minute. */
  readonly addressBudget: number
  /** The simulator's injected faults (429, 5xx, left-out fields), each per request. */
  readonly faultRate: number
  /** Printed as it goes (progress, never figures). */
  readonly log: (line: string) => void
}

export interface SlotFigures {
  readonly slot: number
  /** Experiences that could have a snapshot: tracked, existing and not restricted at the slot. */
  readonly due: number
  /** Distinct experiences whose snapshot of the slot reached the bus. */
  readonly captured: number
  /** From the slot's boundary to the last of its snapshots' observed_at, in seconds. */
  readonly sweepSeconds: number
}

export interface SweepScaleFigures {
  readonly slots: readonly SlotFigures[]
  readonly tracked: number
  /** Requests the simulator's games host took from each poller address, and how many it refused. */
  readonly addresses: ReadonlyMap<string, { requests: number; throttled: number }>
  /** The newest slot's figures as its completion job reported them (the pollers' /metrics). */
  readonly reported: { readonly slot: number; readonly completeness: number; readonly seconds: number } | null
  readonly overruns: number
  readonly loadAverage: readonly number[]
}

/** The simulator's catalogue at `t`: every experience created by then, tracked as the seeds. */
function catalogueAt(model: ReturnType<typeof createPlatformModel>, t: number): ExperienceRef[] {
  const out: ExperienceRef[] = []
  for (let i = 0; i < model.count; i++) {
    const p = experienceAt(model, i)
    if (existsAt(p, t)) out.push({ placeId: p.rootPlaceId, universeId: p.universeId })
  }
  return out
}

/**
 * Issue 19, point 2, measured: 100,000 tracked experiences swept every 10 minutes by poller processes
 * on addresses of their own, against a simulator that budgets each client address (300 requests a
 * minute on its games host, 429 with retry-after beyond it). The shape is deployed as it would be:
 * `ludex scheduler` and `ludex poller` processes on a real redis-server (BullMQ, the tracked set, the
 * per-egress pacing) and a real Kafka broker; the pollers' store is the ClickHouse HTTP harness (they
 * read it once at start). No sink: what counts is what reaches the bus, read by a consumer group of the
 * bench's own. Slots are the real 10-minute ones, so a run waits for the next boundary and then lasts
 * `slots` × 10 minutes (a faster clock would need the budget and the pacing scaled with it).
 */
export async function benchSweepScale(options: SweepScaleOptions): Promise<SweepScaleFigures> {
  const logger = pino({ level: 'silent' })
  const model = createPlatformModel({ seed: options.seed, experiences: options.experiences })
  const sim = await startSimulatorServer({
    model,
    port: 0,
    clock: Date.now,
    faultRate: options.faultRate,
    addressBudget: { perMinute: options.addressBudget },
    logger,
  })
  const dataDir = await mkdtemp(join(tmpdir(), 'ludex-bench-scale-'))
  const engines = await startShapeEngines({ redis: true }).catch(async (err: unknown) => {
    await sim.close()
    throw err
  })
  const redis = new Redis(engines.env.REDIS_URL!)
  const consumer = shapeBus(engines.env)
  const captured = new Map<number, { ids: Set<number>; lastObserved: number }>()
  try {
    await migrateShape(engines.env)
    const startedAt = Date.now()
    const catalogue = catalogueAt(model, startedAt)
    // The tracked set every poller process reads (SCHEDULER_PREFIX 'ludex'), written once up front: what
    // a deployment that has run for a while has. Seeding through the pollers would resolve each place.
    const tracker = await createRedisTracker({ redis, prefix: 'ludex' })
    await tracker.addAll(catalogue, 'seed', startedAt)
    options.log(`tracking ${catalogue.length} experiences`)

    consumer.subscribe(
      topics.snapshots,
      { group: 'bench-scale', maxBatch: 10_000, maxWaitMs: 200 },
      async (batch) => {
        for (const s of batch as readonly PlaceSnapshotV1[]) {
          let slot = captured.get(s.slot)
          if (!slot) {
            slot = { ids: new Set(), lastObserved: 0 }
            captured.set(s.slot, slot)
          }
          slot.ids.add(s.universe_id)
          slot.lastObserved = Math.max(slot.lastObserved, s.observed_at)
        }
      },
    )

    const env = {
      ...engines.env,
      LUDEX_DATA_DIR: dataDir,
      HEALTH_PORT: '0',
      ROBLOX_API_BASE: sim.baseTemplate,
      DISCOVERY: 'false',
      LOG_LEVEL: 'warn',
    }
    const processes: LudexProcess[] = [await spawnLudex(['scheduler'], env)]
    for (let k = 0; k < options.pollers; k++) {
      processes.push(await spawnLudex(['poller'], { ...env, ROBLOX_LOCAL_ADDRESS: `127.0.0.${k + 2}` }))
    }
    const pollers = processes.slice(1)
    const firstSlot = Math.ceil(Date.now() / SLOT_MS) * SLOT_MS
    options.log(
      `${options.pollers} pollers up; measuring the slots from ${new Date(firstSlot).toISOString()} (${Math.round((firstSlot - Date.now()) / 1000)} s from now)`,
    )

    const slots: SlotFigures[] = []
    for (let n = 0; n < options.slots; n++) {
      const slot = firstSlot + n * SLOT_MS
      // A restricted experience is answered with a censored item: no snapshot is due for it.
      const due = catalogue.filter(
        (e) => !restrictedAt(model, indexOfUniverse(model, e.universeId), slot),
      ).length
      // Until every due snapshot is on the bus, or the slot is over (a minute's grace for the bus).
      await waitFor(
        `slot ${new Date(slot).toISOString()}`,
        () => (captured.get(slot)?.ids.size ?? 0) >= due || Date.now() > slot + SLOT_MS + 60_000,
        { timeoutMs: slot + SLOT_MS + 120_000 - Date.now(), everyMs: 1_000 },
      )
      const got = captured.get(slot)
      const figures = {
        slot,
        due,
        captured: got?.ids.size ?? 0,
        sweepSeconds: got ? (got.lastObserved - slot) / 1000 : Number.NaN,
      }
      slots.push(figures)
      options.log(
        `slot ${new Date(slot).toISOString()}: ${figures.captured} of ${due} in ${figures.sweepSeconds.toFixed(1)} s`,
      )
    }

    // The completion jobs' own figures: whichever poller completed the newest slot reports it (the others
    // still show the gauges' zero, slot 0).
    const metrics = await Promise.all(
      pollers.map(async (p) => (await fetch(`${p.healthUrl}/metrics`)).text()),
    )
    const newest = metrics
      .map((m) => ({
        slot: metricValue(m, 'ludex_slot_completeness_slot_seconds') * 1000,
        completeness: metricValue(m, 'ludex_slot_completeness'),
        seconds: metricValue(m, 'ludex_sweep_seconds'),
      }))
      .filter((r) => r.slot > 0)
      .sort((a, b) => b.slot - a.slot)[0]
    const overruns = metrics
      .map((m) => metricValue(m, 'ludex_sweep_overruns_total'))
      .filter((v) => !Number.isNaN(v))
      .reduce((a, b) => a + b, 0)
    const addresses = new Map([...sim.addressUse()].filter(([address]) => address !== '127.0.0.1'))
    return {
      slots,
      tracked: catalogue.length,
      addresses,
      reported: newest ?? null,
      overruns,
      loadAverage: loadavg(),
    }
  } finally {
    await killAllLudex()
    await consumer.close().catch(() => undefined)
    redis.disconnect()
    await engines.stop()
    await sim.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
