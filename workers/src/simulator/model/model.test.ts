import { experienceGenre, GENRE_KEYS, ROBLOX_GENRE_L1, ROBLOX_GENRE_L2 } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import {
  badgesOf,
  capturedPlacesAt,
  createPlatformModel,
  DAY_MS,
  dailyPicksFor,
  experienceAt,
  metadataAt,
  RESTRICTION_GROUP,
  RESTRICTION_PERIOD_MS,
  SLOT_MS,
  sampleAt,
  sortsAt,
} from './index.ts'

const NOW = Date.UTC(2026, 10, 20, 0, 0)

describe('platform model', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = createPlatformModel({ seed: 7, experiences: 300 })
    const b = createPlatformModel({ seed: 7, experiences: 300 })
    const c = createPlatformModel({ seed: 8, experiences: 300 })
    // b is asked for the same experiences and times in the reverse order (experiences last to first,
    // the earlier time first), so its caches fill differently: results must not depend on that.
    const indexes = Array.from({ length: 43 }, (_, k) => k * 7)
    const fromB = new Map<number, unknown>()
    for (const i of indexes.toReversed()) {
      const earlier = sampleAt(b, i, NOW)
      fromB.set(i, [sampleAt(b, i, NOW + 5 * DAY_MS), earlier])
    }
    let differs = 0
    for (const i of indexes) {
      const sa = [sampleAt(a, i, NOW + 5 * DAY_MS), sampleAt(a, i, NOW)]
      expect(sa).toEqual(fromB.get(i))
      expect(experienceAt(a, i)).toEqual(experienceAt(b, i))
      expect(metadataAt(a, i, NOW)).toEqual(metadataAt(b, i, NOW))
      if (JSON.stringify(sampleAt(c, i, NOW)) !== JSON.stringify(sa[1])) differs++
    }
    expect(differs).toBeGreaterThan(20)
    expect(sortsAt(a, NOW)).toEqual(sortsAt(b, NOW))
  })

  it('keeps ids distinct and in realistic ranges', () => {
    const m = createPlatformModel({ seed: 1, experiences: 2000 })
    const ids = new Set<number>()
    for (let i = 0; i < m.count; i++) {
      const p = experienceAt(m, i)
      ids.add(p.universeId)
      ids.add(p.rootPlaceId)
      expect(p.universeId).toBeGreaterThan(100_000)
      expect(p.rootPlaceId).toBeLessThan(Number.MAX_SAFE_INTEGER)
    }
    expect(ids.size).toBe(4000)
  })

  it('grows visits monotonically over a long span, and a live read equals the sequence', () => {
    const m = createPlatformModel({ seed: 3, experiences: 60 })
    const live = createPlatformModel({ seed: 3, experiences: 60 })
    const from = NOW - 40 * DAY_MS
    for (let i = 0; i < 60; i++) {
      let last = -1
      for (let t = from; t < NOW; t += SLOT_MS * 7) {
        const s = sampleAt(m, i, t)
        expect(s.visits).toBeGreaterThanOrEqual(last)
        last = s.visits
      }
      // A fresh model asked only for one slot (cold caches) agrees with the walked one.
      expect(sampleAt(live, i, NOW - 3 * SLOT_MS)).toEqual(sampleAt(m, i, NOW - 3 * SLOT_MS))
    }
  })

  it('has plausible ratios and a heavy-tailed CCU distribution', () => {
    const m = createPlatformModel({ seed: 11, experiences: 2000 })
    const ccu: number[] = []
    for (let i = 0; i < m.count; i++) {
      const p = experienceAt(m, i)
      expect(p.likeRatio).toBeGreaterThanOrEqual(0.6)
      expect(p.likeRatio).toBeLessThanOrEqual(0.95)
      const s = sampleAt(m, i, NOW)
      ccu.push(s.playing)
      if (s.visits > 10_000) {
        expect(s.favorites).toBeLessThan(s.visits)
        const like = s.upVotes / (s.upVotes + s.downVotes)
        expect(like).toBeGreaterThan(0.55)
        expect(like).toBeLessThan(0.97)
      }
    }
    ccu.sort((x, y) => y - x)
    const total = ccu.reduce((x, y) => x + y, 0)
    const top = ccu.slice(0, 20).reduce((x, y) => x + y, 0)
    expect(top / total).toBeGreaterThan(0.4)
    expect(ccu[0]).toBeGreaterThan(50_000)
    expect(ccu.filter((x) => x < 5).length).toBeGreaterThan(200)
  })

  it('shows a diurnal cycle and lets dead experiences fall to zero', () => {
    const m = createPlatformModel({ seed: 5, experiences: 400 })
    let checked = 0
    let dead = 0
    for (let i = 0; i < m.count; i++) {
      const p = experienceAt(m, i)
      if (p.deathDay < Number.POSITIVE_INFINITY) {
        const after = (p.deathDay + 2) * DAY_MS
        expect(sampleAt(m, i, after).playing).toBe(0)
        dead++
      }
      if (checked < 5 && p.deathDay === Number.POSITIVE_INFINITY && sampleAt(m, i, NOW).playing > 2000) {
        const day: number[] = []
        for (let t = NOW; t < NOW + DAY_MS; t += SLOT_MS) day.push(sampleAt(m, i, t).playing)
        expect(Math.max(...day) / Math.max(1, Math.min(...day))).toBeGreaterThan(1.5)
        checked++
      }
    }
    expect(dead).toBeGreaterThan(10)
    expect(checked).toBeGreaterThan(0)
  })

  it('re-ranks sorts between slots, with sponsored entries and a daily picks sort', () => {
    const m = createPlatformModel({ seed: 2, experiences: 1500 })
    const a = sortsAt(m, NOW)
    const b = sortsAt(m, NOW + 6 * SLOT_MS)
    const popular = a.find((s) => s.sortId === 'most-popular')
    expect(popular?.entries.length).toBe(100)
    expect(popular?.entries.filter((e) => e.sponsored).length).toBeGreaterThan(0)
    const organic = popular?.entries.filter((e) => !e.sponsored) ?? []
    for (let k = 1; k < organic.length; k++) {
      expect((organic[k - 1]?.playing ?? 0) >= (organic[k]?.playing ?? 0)).toBe(true)
    }
    const orderA = a.map((s) => s.entries.map((e) => e.index).join()).join('|')
    const orderB = b.map((s) => s.entries.map((e) => e.index).join()).join('|')
    expect(orderA).not.toBe(orderB)
    expect(a.some((s) => s.sortId === 'todays-picks')).toBe(true)
    expect(a.some((s) => s.sortId === 'recommended-for-you' && s.categoryId === null)).toBe(true)
    const picks = dailyPicksFor(m, '2026-11-20')
    expect(picks.length).toBeGreaterThanOrEqual(10)
    expect(picks.length).toBeLessThanOrEqual(20)
    expect(new Set(picks).size).toBe(picks.length)
    expect(dailyPicksFor(m, '2026-11-21')).not.toEqual(picks)
  })

  it('serves badges whose award counts grow', () => {
    const m = createPlatformModel({ seed: 9, experiences: 200 })
    let seen = 0
    for (let i = 0; i < m.count && seen < 5; i++) {
      const now = badgesOf(m, i, NOW)
      const later = badgesOf(m, i, NOW + 10 * DAY_MS)
      if (now.length === 0) continue
      seen++
      now.forEach((b, k) => {
        expect(later[k]?.id).toBe(b.id)
        expect(later[k]?.awardedCount ?? 0).toBeGreaterThanOrEqual(b.awardedCount)
        expect(b.pastDayAwardedCount).toBeLessThanOrEqual(b.awardedCount)
      })
    }
    expect(seen).toBe(5)
  })

  it('emits the platform’s real genres, reaching every genre of the mapping', () => {
    // The size of ludex run's default simulator and of the end-to-end runs.
    const model = createPlatformModel({ seed: 7, experiences: 2000 })
    const l1 = new Set<string>()
    const l2 = new Set<string>()
    const genres = new Map<string, number>()
    for (let i = 0; i < model.count; i++) {
      const m = metadataAt(model, i, NOW)
      l1.add(m.genreL1)
      l2.add(m.genreL2)
      const g = experienceGenre({ name: m.name, genreL1: m.genreL1, genreL2: m.genreL2 })
      genres.set(g, (genres.get(g) ?? 0) + 1)
    }
    expect([...l1].sort()).toEqual([...ROBLOX_GENRE_L1].sort())
    // Every documented sub-genre, and the empty one of the genres that have none.
    expect([...l2].sort()).toEqual([...ROBLOX_GENRE_L2, ''].sort())
    for (const k of [...GENRE_KEYS, 'unlabeled']) expect(genres.get(k) ?? 0, k).toBeGreaterThan(5)
  })

  it('captures at t the experiences that exist then, less the one the games call censors', () => {
    const model = createPlatformModel({ seed: 9, experiences: 120 })
    const all = Array.from({ length: model.count }, (_, i) => experienceAt(model, i))
    // The newest experience is missing before its creation (and there at t below, unless restricted).
    const newest = all.reduce((a, b) => (b.createdMs > a.createdMs ? b : a))
    const before = capturedPlacesAt(model, newest.createdMs - 1).map((p) => p.index)
    expect(before).not.toContain(newest.index)
    // A time every one exists at: of 120, six are prone to restriction (index 9 mod 20), and exactly one
    // of those is left out; another one in the next 6-hour period.
    const missing = (t: number) => {
      const got = new Set(capturedPlacesAt(model, t).map((p) => p.index))
      return all.filter((p) => !got.has(p.index)).map((p) => p.index)
    }
    const t = Math.max(newest.createdMs, NOW)
    const first = missing(t)
    const next = missing(t + RESTRICTION_PERIOD_MS)
    expect(first).toHaveLength(1)
    expect(next).toHaveLength(1)
    expect(first[0]! % RESTRICTION_GROUP).toBe(9)
    expect(next[0]! % RESTRICTION_GROUP).toBe(9)
    expect(next[0]).not.toBe(first[0])
    // Each with its root place.
    for (const p of capturedPlacesAt(model, t)) expect(p.placeId).toBe(all[p.index]!.rootPlaceId)
  })
})
