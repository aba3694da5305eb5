import { CHART_CATEGORIES, DAILY_PICKS_SORT_ID } from '@ludex/schemas'
import { DAY_MS, HOUR_MS, Stream } from './constants.ts'
import type { ExperienceParams } from './experience.ts'
import { dailyPicksFor } from './picks.ts'
import { experienceAt, fillSample, growthAt, type PlatformModel, type Sample, snapSlot } from './platform.ts'
import { hash32, unit } from './prng.ts'
import { GENRE_L1_NAMES, genreSlug } from './vocabulary.ts'

export interface SortDefinition {
  readonly sortId: string
  readonly displayName: string
  readonly categoryId: number | null
}

export interface SortEntryState {
  readonly index: number
  readonly sponsored: boolean
  readonly playing: number
}

export interface SortState extends SortDefinition {
  readonly entries: readonly SortEntryState[]
}

/** Sort Ludex has no category for: served (and stored under its own id) but never ranked. */
export const UNCATEGORISED_SORT_ID = 'recommended-for-you'

/** The sorts the simulator serves: each category's first sort id, the daily picks and one extra. */
export const SIMULATED_SORTS: readonly SortDefinition[] = [
  ...CHART_CATEGORIES.map((c) => ({ sortId: c.sortIds[0] ?? '', displayName: c.title, categoryId: c.id })),
  { sortId: UNCATEGORISED_SORT_ID, displayName: 'Recommended For You', categoryId: null },
  { sortId: DAILY_PICKS_SORT_ID, displayName: "Today's Picks", categoryId: null },
]

const POOL_SIZE = 3000
const ORGANIC = 97
const RANKED_DEPTH = 400
const SPONSORED_AT = [0, 6, 13] as const
const FRIENDLY_GENRES = new Set([
  'Social',
  'Party & Casual',
  'Roleplay & Avatar Sim',
  'Shooter',
  'Sports & Racing',
])
const SORT_CACHE_SLOTS = 8

interface Candidate {
  readonly index: number
  readonly p: ExperienceParams
  readonly playing: number
  readonly growth: number
  readonly price: number
  readonly minimumAge: number | null
}

type Scorer = (c: Candidate, slotMs: number) => number | null

function lastOf<T extends { readonly fromMs: number }>(periods: readonly T[], t: number): T | undefined {
  let found = periods[0]
  for (const period of periods) if (period.fromMs <= t) found = period
  return found
}

function scorerFor(model: PlatformModel, sortId: string): Scorer {
  if (sortId.startsWith('trending-in-')) {
    const slug = sortId.slice('trending-in-'.length)
    const genre = GENRE_L1_NAMES.find((g) => genreSlug(g) === slug)
    return (c) => (c.p.genreL1 === genre ? c.playing * c.growth * c.growth : null)
  }
  switch (sortId) {
    case 'most-popular':
      return (c) => c.playing
    case 'top-earning':
      return (c) => c.playing * c.p.earning * (1 + c.price / 100)
    case 'up-and-coming':
      return (c, t) => (t - c.p.createdMs < 120 * DAY_MS ? c.playing * c.growth : null)
    case 'top-rated':
      return (c) => (c.playing >= 20 ? c.p.likeRatio : null)
    case 'top-trending':
      return (c) => c.playing * c.growth * c.growth
    case 'hot-right-now':
      return (c) => c.playing * c.growth ** 4
    case 'fun-with-friends':
      return (c) => (FRIENDLY_GENRES.has(c.p.genreL1) ? c.playing : null)
    case 'more-when-you-subscribe':
      return (c) => (c.p.subscription ? c.playing : null)
    case 'only-ages-17-plus':
      return (c) => (c.minimumAge !== null && c.minimumAge >= 17 ? c.playing : null)
    case 'top-revisited':
      return (c) => c.playing * c.p.revisit
    case 'top-paid-access':
      return (c) => (c.price > 0 ? c.playing : null)
    case 'trending-music-experiences':
      return (c) => (c.p.genreL2.includes('Music') ? c.playing * c.growth : null)
    default:
      // Personalised sorts look random to a cookieless client: popularity with a per-slot shuffle.
      return (c, t) => c.playing * (0.3 + unit(model.seed, c.index, Stream.Sponsored + 7, t / HOUR_MS))
  }
}

function candidatesAt(model: PlatformModel, slotMs: number): Candidate[] {
  const sample: Sample = { playing: 0, visits: 0, favorites: 0, upVotes: 0, downVotes: 0 }
  const playing = new Float64Array(model.count)
  for (let i = 0; i < model.count; i++) playing[i] = fillSample(model, i, slotMs, sample).playing
  // Sorts only ever show the busiest experiences: rank a pool of the top POOL_SIZE by CCU, not all of them.
  let threshold = 1
  if (model.count > POOL_SIZE) {
    const sorted = Float64Array.from(playing).sort()
    threshold = Math.max(1, sorted[model.count - POOL_SIZE] ?? 1)
  }
  const out: Candidate[] = []
  for (let i = 0; i < model.count; i++) {
    const n = playing[i] ?? 0
    if (n < threshold) continue
    const p = experienceAt(model, i)
    out.push({
      index: i,
      p,
      playing: n,
      growth: growthAt(model, i, slotMs),
      price: lastOf(p.prices, slotMs)?.price ?? 0,
      minimumAge: lastOf(p.ageRatings, slotMs)?.rating.minimumAge ?? null,
    })
  }
  out.sort((a, b) => b.playing - a.playing || a.index - b.index)
  return out
}

function sponsoredFor(
  model: PlatformModel,
  pool: readonly Candidate[],
  sortNo: number,
  slotMs: number,
  n: number,
): Candidate[] {
  const out: Candidate[] = []
  if (pool.length === 0) return out
  const hour = Math.floor(slotMs / HOUR_MS)
  for (let k = 0; k < n; k++) {
    const c = pool[hash32(model.seed, hour, Stream.Sponsored, sortNo * 16 + k) % pool.length]
    if (c) out.push(c)
  }
  return out
}

/** Every served sort as of the slot containing slotMs, re-ranked each 10 minutes. */
export function sortsAt(model: PlatformModel, slotMs: number): readonly SortState[] {
  const slot = snapSlot(slotMs)
  const cached = model.sortCache.get(slot) as readonly SortState[] | undefined
  if (cached) return cached
  const pool = candidatesAt(model, slot)
  const sample: Sample = { playing: 0, visits: 0, favorites: 0, upVotes: 0, downVotes: 0 }
  const result: SortState[] = SIMULATED_SORTS.map((def, sortNo) => {
    if (def.sortId === DAILY_PICKS_SORT_ID) {
      const entries = dailyPicksFor(model, Math.floor(slot / DAY_MS)).map((index) => ({
        index,
        sponsored: false,
        playing: fillSample(model, index, slot, sample).playing,
      }))
      return { ...def, entries }
    }
    const score = scorerFor(model, def.sortId)
    // The pool is ordered by CCU: a sort ranks the busiest RANKED_DEPTH experiences that pass its filter.
    const ranked: { c: Candidate; s: number }[] = []
    for (const c of pool) {
      const s = score(c, slot)
      if (s === null) continue
      ranked.push({ c, s })
      if (ranked.length >= RANKED_DEPTH) break
    }
    ranked.sort((a, b) => b.s - a.s || a.c.index - b.c.index)
    const entries: SortEntryState[] = ranked
      .slice(0, ORGANIC)
      .map(({ c }) => ({ index: c.index, sponsored: false, playing: c.playing }))
    if (entries.length >= 10) {
      const ads = sponsoredFor(model, pool, sortNo, slot, SPONSORED_AT.length)
      SPONSORED_AT.forEach((at, k) => {
        const ad = ads[k]
        if (ad) entries.splice(at, 0, { index: ad.index, sponsored: true, playing: ad.playing })
      })
    }
    return { ...def, entries }
  })
  model.sortCache.set(slot, result)
  if (model.sortCache.size > SORT_CACHE_SLOTS) {
    const oldest = model.sortCache.keys().next().value
    if (oldest !== undefined) model.sortCache.delete(oldest)
  }
  return result
}
