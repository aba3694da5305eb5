import { snapshot } from '@ludex/pipelines/testing'
import { BatchRejectedError, type DeadLetter, loadConfig, topics } from '@ludex/schemas'
import { pino } from 'pino'
import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { selectBus } from './adapters.ts'
import { createRoleMetrics } from './role-metrics.ts'
import { sweepDetail } from './roles/poller.ts'

const logger = pino({ level: 'silent' })

/** A counter's value for the given labels (0 when never counted). */
async function counted(registry: Registry, name: string, labels: Record<string, string>): Promise<number> {
  const metric = registry.getSingleMetric(name)
  if (!metric) throw new Error(`${name} is not registered`)
  const { values } = await metric.get()
  const match = values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
  return match?.value ?? 0
}

describe('role metrics of the bus', () => {
  it('count redeliveries and dead letters of the bus selectBus wires with the BUS_* settings', async () => {
    const registry = new Registry()
    const metrics = createRoleMetrics(registry, ['sink'])
    const letters: DeadLetter[] = []
    const { bus } = await selectBus(
      loadConfig({ BUS_MAX_ATTEMPTS: '1', BUS_RETRY_BACKOFF_MS: '1' }),
      logger,
      {
        observer: metrics.busObserver,
        onDeadLetter: async (l) => {
          letters.push(...l)
        },
      },
    )
    const sent = [0, 1, 2, 3].map((i) => snapshot(1, i))
    await bus.publish(topics.snapshots, sent)
    let calls = 0
    bus.subscribe(topics.snapshots, { group: 'sink', maxBatch: 10, maxWaitMs: 1 }, async (batch) => {
      calls++
      if (calls === 1) throw new Error('connect ECONNREFUSED')
      if (batch.some((m) => m.slot === sent[2]!.slot))
        throw new BatchRejectedError('Code 41 CANNOT_PARSE_DATETIME')
    })
    await bus.drain()
    await bus.close()

    // Unavailable once (retried), then refused: BUS_MAX_ATTEMPTS=1 bisects at once. Redeliveries: the
    // retry, [0,1], [2,3], [2] (dead-lettered), [3].
    expect(calls).toBe(6)
    expect(await counted(registry, 'ludex_bus_redeliveries_total', { topic: topics.snapshots.name })).toBe(5)
    expect(
      await counted(registry, 'ludex_dead_letters_total', { topic: topics.snapshots.name, kind: 'refused' }),
    ).toBe(1)
    expect(
      await counted(registry, 'ludex_dead_letters_total', { topic: topics.snapshots.name, kind: 'invalid' }),
    ).toBe(0)
    expect(letters.map((l) => l.payload)).toEqual([sent[2]])
  })
})

describe('ludex_materialiser_pending_ranges', () => {
  it('reads the materialiser at each scrape', async () => {
    const registry = new Registry()
    const metrics = createRoleMetrics(registry, ['materialiser'])
    let pending = 3
    metrics.watchMaterialiser(() => pending)
    const scrape = async () =>
      (await registry.getSingleMetricAsString('ludex_materialiser_pending_ranges')).trim()
    expect(await scrape()).toMatch(/\nludex_materialiser_pending_ranges 3$/)
    pending = 0
    expect(await scrape()).toMatch(/\nludex_materialiser_pending_ranges 0$/)
  })
})

describe('ludex_materialiser_ranges_total', () => {
  it('counts the ranges read from the insert log as one series, without a source label', async () => {
    const registry = new Registry()
    const metrics = createRoleMetrics(registry, ['materialiser'])
    metrics.markedDirty()
    metrics.markedDirty()
    const text = (await registry.getSingleMetricAsString('ludex_materialiser_ranges_total')).trim()
    expect(text).toMatch(/\nludex_materialiser_ranges_total 2$/)
  })
})

describe('games sweep metrics and /readyz words', () => {
  const report = (slot: number, completeness: number, overranShards: number) => ({
    slot,
    scheduledFor: slot,
    seconds: overranShards > 0 ? 640 : 125,
    overran: overranShards > 0,
    result: {
      tracked: 1_000,
      snapshots: Math.round(990 * completeness),
      withoutVotes: 0,
      detailsChanges: 0,
      failedShards: overranShards,
      overranShards,
      completeness,
      missing: [5],
      restricted: Array.from({ length: 9 }, (_, i) => i + 10),
      platformTotals: null,
    },
  })

  it('keep the newest slot completed here, count every overrun and failed shard', async () => {
    const registry = new Registry()
    const metrics = createRoleMetrics(registry, ['poller'])
    const slot = Date.UTC(2026, 2, 10, 14, 20)
    metrics.gamesSweep(report(slot, 1, 0))
    // The slot before, whose last shards were dropped at this one's start, completes after it: counted,
    // but not the newest.
    metrics.gamesSweep(report(slot - 600_000, 0.5, 3))
    expect(await counted(registry, 'ludex_slot_completeness', {})).toBe(1)
    expect(await counted(registry, 'ludex_slot_completeness_slot_seconds', {})).toBe(slot / 1000)
    expect(await counted(registry, 'ludex_sweep_seconds', {})).toBe(125)
    expect(await counted(registry, 'ludex_sweep_overruns_total', {})).toBe(1)
    expect(await counted(registry, 'ludex_sweep_failed_shards_total', {})).toBe(3)
  })

  it('say how complete the newest sweep was, and that it overran', () => {
    const slot = Date.UTC(2026, 2, 10, 14, 20)
    expect(sweepDetail(null)).toBe('no games sweep completed here yet')
    expect(sweepDetail(report(slot, 1, 0))).toBe(
      'slot 2026-03-10T14:20:00.000Z 100.00% complete (990 of 990 due) in 125 s',
    )
    expect(sweepDetail(report(slot, 0.5, 3))).toBe(
      'slot 2026-03-10T14:20:00.000Z 50.00% complete (495 of 990 due) in 640 s, overran its slot, 3 shards dropped',
    )
  })
})
