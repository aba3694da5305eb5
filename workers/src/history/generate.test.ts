import {
  chartSortSnapshotV1,
  creatorV1,
  dailyPicksV1,
  messageIdOf,
  placeMetadataV1,
  placeSnapshotV1,
  platformTotalsV1,
} from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import {
  capturedPlacesAt,
  createPlatformModel,
  DAY_MS,
  experienceAt,
  SLOT_MS,
  sampleAt,
} from '../simulator/model/index.ts'
import { generateHistory, type HistoryBatch } from './generate.ts'

const TO = Date.UTC(2026, 10, 1)
const FROM = TO - 2 * DAY_MS

async function collect(experiences: number, seed: number): Promise<HistoryBatch[]> {
  const model = createPlatformModel({ seed, experiences })
  const batches: HistoryBatch[] = []
  await generateHistory(model, {
    fromMs: FROM,
    toMs: TO,
    slotsPerBatch: 12,
    onBatch: (b) => void batches.push(b),
  })
  return batches
}

describe('history generator', () => {
  it('agrees exactly with sampleAt, in slot-ordered batches covering every existing experience', async () => {
    const batches = await collect(120, 4)
    // A separate model with cold caches, read slot by slot in reverse: the live path.
    const live = createPlatformModel({ seed: 4, experiences: 120 })
    const byUniverse = new Map<number, number>()
    for (let i = 0; i < 120; i++) byUniverse.set(experienceAt(live, i).universeId, i)
    let lastSlot = 0
    let count = 0
    for (const b of batches) {
      expect(b.fromSlot).toBeGreaterThanOrEqual(lastSlot)
      for (const s of b.snapshots) {
        expect(s.slot).toBeGreaterThanOrEqual(lastSlot)
        expect(s.slot).toBeLessThan(b.toSlot)
        lastSlot = s.slot
        count++
      }
    }
    // Restricted experiences are censored upstream: no snapshot for them, as a live poll would see.
    const existing = (slot: number) => capturedPlacesAt(live, slot).length
    expect(count).toBe(
      Array.from({ length: (TO - FROM) / SLOT_MS }, (_, k) => existing(FROM + k * SLOT_MS)).reduce(
        (a, b) => a + b,
        0,
      ),
    )
    const all = batches.flatMap((b) => b.snapshots).reverse()
    for (let k = 0; k < all.length; k += 37) {
      const s = all[k]
      if (!s) continue
      const i = byUniverse.get(s.universe_id) ?? -1
      const v = sampleAt(live, i, s.slot)
      expect([s.playing, s.visits, s.favorites, s.up_votes, s.down_votes]).toEqual([
        v.playing,
        v.visits,
        v.favorites,
        v.upVotes,
        v.downVotes,
      ])
      expect(s.id).toBe(messageIdOf('backfill', s.universe_id, s.slot))
    }
  })

  it('emits only messages that pass their schemas, with the side outputs a backfill needs', async () => {
    const batches = await collect(300, 8)
    const count = { meta: 0, charts: 0, picks: 0, platform: 0, creators: 0 }
    for (const b of batches) {
      for (const s of b.snapshots.filter((_, k) => k % 11 === 0)) placeSnapshotV1.parse(s)
      for (const m of b.metadata) placeMetadataV1.parse(m)
      for (const c of b.charts) {
        chartSortSnapshotV1.parse(c)
        const organic = c.entries.filter((e) => !e.sponsored).map((e) => e.position)
        expect(organic).toEqual(organic.map((_, k) => k + 1))
        expect(c.entries.filter((e) => e.sponsored).every((e) => e.position === null)).toBe(true)
      }
      for (const p of b.dailyPicks) dailyPicksV1.parse(p)
      for (const p of b.platform) platformTotalsV1.parse(p)
      for (const c of b.creators) creatorV1.parse(c)
      count.meta += b.metadata.length
      count.charts += b.charts.length
      count.picks += b.dailyPicks.length
      count.platform += b.platform.length
      count.creators += b.creators.length
    }
    const slots = (TO - FROM) / SLOT_MS
    expect(count.platform).toBe(slots)
    expect(count.picks).toBe(2)
    expect(count.charts).toBe(48 * 28)
    expect(count.creators).toBeGreaterThan(10)
    // Details, two thumbnails, age rating and play status at first appearance, then changes.
    expect(count.meta).toBeGreaterThanOrEqual(5 * 250)
    const categories = new Set(batches.flatMap((b) => b.charts.map((c) => c.category_id)))
    expect(categories.has(null)).toBe(true)
    expect(categories.has(8)).toBe(true)
    const platform = batches.flatMap((b) => b.platform)
    const first = platform[0]
    const snaps = batches[0]?.snapshots.filter((s) => s.slot === first?.slot) ?? []
    expect(first?.tracked_ccu).toBe(snaps.reduce((a, s) => a + s.playing, 0))
  })
})
