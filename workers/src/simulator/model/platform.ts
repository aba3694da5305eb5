import { DAY_MS, DEFAULT_EPOCH_MS, SLOT_MS, SLOTS_PER_DAY, Stream } from './constants.ts'
import { buildCreator, type CreatorParams, creatorCountFor } from './creator.ts'
import { DiurnalTable } from './diurnal.ts'
import { buildExperience, type ExperienceParams } from './experience.ts'
import { unit } from './prng.ts'
import { WEEKLY } from './vocabulary.ts'

// Hot paths read these through module-level constants: transpiled imports are property reads through
// getters on every access, which costs more than the arithmetic around them.
const u01 = unit
const WEEKLY_F = Float64Array.from(WEEKLY)
const S_JITTER = Stream.UpdateJitter
const S_VIRAL = Stream.Viral
const S_VIRAL_SIZE = Stream.ViralSize
const S_VIRAL_TAU = Stream.ViralTau
const S_NOISE = Stream.Noise
const S_WOBBLE = Stream.Wobble

export interface PlatformModelOptions {
  readonly seed: number
  /** Number of experiences (up to 100,000). */
  readonly experiences?: number
  /** Reference time (epoch ms): popularity is expressed at it and visits are walked from it. */
  readonly epoch?: number
}

/** Per-experience cached values of one UTC day (see DayField); recomputed when another day is asked. */
const DAY_WIDTH = 8
export const DayField = { Day: 0, F0: 1, F1: 2, Fprev: 3, Base: 4, W0: 5, W1: 6 } as const

/**
 * A seeded platform. Everything observable is a pure function of (seed, experience, time); the fields
 * below are caches of such values, never state that changes results.
 */
export interface PlatformModel {
  readonly seed: number
  readonly count: number
  readonly epochMs: number
  readonly epochDay: number
  readonly creatorCount: number
  readonly diurnal: DiurnalTable
  readonly params: (ExperienceParams | undefined)[]
  readonly creators: (CreatorParams | undefined)[]
  /** Visits base at checkpoint days, per experience (key = checkpoint number from the anchor). */
  readonly checkpoints: (Map<number, number> | undefined)[]
  readonly dayState: Float64Array
  readonly sortCache: Map<number, unknown>
}

export const MAX_EXPERIENCES = 100_000
const CHECKPOINT_DAYS = 8
const VIRAL_WINDOW_MS = 40 * DAY_MS

export function createPlatformModel(options: PlatformModelOptions): PlatformModel {
  const count = options.experiences ?? 2000
  if (!Number.isInteger(count) || count < 1 || count > MAX_EXPERIENCES) {
    throw new RangeError(`experiences must be an integer in 1..${MAX_EXPERIENCES}, got ${count}`)
  }
  const epochMs = options.epoch ?? DEFAULT_EPOCH_MS
  const dayState = new Float64Array(count * DAY_WIDTH).fill(Number.NaN)
  return {
    seed: options.seed >>> 0,
    count,
    epochMs,
    epochDay: Math.floor(epochMs / DAY_MS),
    creatorCount: creatorCountFor(count),
    diurnal: new DiurnalTable(),
    params: new Array(count),
    creators: [],
    checkpoints: new Array(count),
    dayState,
    sortCache: new Map(),
  }
}

export function experienceAt(model: PlatformModel, index: number): ExperienceParams {
  let p = model.params[index]
  if (!p) {
    if (!(index >= 0 && index < model.count)) throw new RangeError(`no experience #${index}`)
    p = buildExperience(model.seed, index, model.epochMs, model.creatorCount)
    model.params[index] = p
  }
  return p
}

export function creatorAt(model: PlatformModel, index: number): CreatorParams {
  let c = model.creators[index]
  if (!c) {
    if (!(index >= 0 && index < model.creatorCount)) throw new RangeError(`no creator #${index}`)
    c = buildCreator(model.seed, index, model.epochMs)
    model.creators[index] = c
  }
  return c
}

export function existsAt(p: ExperienceParams, t: number): boolean {
  return t >= p.createdMs
}

// ---- updates -------------------------------------------------------------------------------------------

/** Time of update k: one per period, jittered inside its period so that period k holds exactly update k. */
export function updateTime(model: PlatformModel, p: ExperienceParams, k: number): number {
  return Math.floor(p.createdMs + (k + 0.1 + 0.8 * u01(model.seed, p.index, S_JITTER, k)) * p.updatePeriodMs)
}

/** Index of the last update at or before t (updates stop when the experience dies), or -1. */
export function latestUpdate(model: PlatformModel, p: ExperienceParams, t: number): number {
  const tt = Math.min(t, p.deathDay * DAY_MS)
  if (tt < p.createdMs) return -1
  const k = Math.floor((tt - p.createdMs) / p.updatePeriodMs)
  return updateTime(model, p, k) <= tt ? k : k - 1
}

export function spikeAt(model: PlatformModel, p: ExperienceParams, t: number): number {
  let s = 1
  if (p.viralProbability === 0) return s
  const last = latestUpdate(model, p, t)
  // Update k lies in [created + (k + 0.1)·period, created + (k + 0.9)·period]: bound the window by index,
  // and look at the time of an update only when it went viral.
  const first = Math.max(0, Math.ceil((t - VIRAL_WINDOW_MS - p.createdMs) / p.updatePeriodMs - 0.9))
  for (let k = first; k <= last; k++) {
    if (u01(model.seed, p.index, S_VIRAL, k) >= p.viralProbability) continue
    const dt = t - updateTime(model, p, k)
    if (dt > VIRAL_WINDOW_MS) continue
    const size = 0.5 + 12 * u01(model.seed, p.index, S_VIRAL_SIZE, k) ** 3
    const tau = (1.5 + 6 * u01(model.seed, p.index, S_VIRAL_TAU, k)) * DAY_MS
    s += size * Math.exp(-dt / tau)
  }
  return s
}

// ---- CCU level -----------------------------------------------------------------------------------------

/**
 * Expected mean CCU level at the start of UTC day d (before the diurnal shape and noise): popularity ×
 * lifecycle (launch ramp and boost, long trend, slow decline, death) × weekday × viral spikes. Within a
 * day the level moves linearly to the next day's value, so the curve has no steps at midnight.
 */
export function dayLevel(model: PlatformModel, p: ExperienceParams, d: number): number {
  if (d < p.startDay || d >= p.deathDay) return 0
  const age = d - p.startDay
  const ramp = 1 - Math.exp(-(age + 1) / p.rampDays)
  const boost = 1 + p.launchBoost * Math.exp(-age / 45)
  const rel = Math.max(-2, Math.min(2, (d - model.epochDay) / 365))
  const trend = Math.exp(p.trendRate * rel)
  const decline = d > p.declineStartDay ? Math.exp(-(d - p.declineStartDay) / p.declineDays) : 1
  const dying = d > p.deathDay - 60 ? (p.deathDay - d) / 60 : 1
  const weekly = WEEKLY_F[(d + 4) % 7] as number
  return p.popularity * ramp * boost * trend * decline * dying * weekly * spikeAt(model, p, d * DAY_MS)
}

// ---- visits --------------------------------------------------------------------------------------------

/** Σ over the slots of day d of the expected CCU (the day's CCU-slots mass). */
function dayMass(model: PlatformModel, p: ExperienceParams, f0: number, f1: number): number {
  const shape = model.diurnal.get(p.zoneSlots, p.amplitudeLevel)
  return f0 * (shape.cum[SLOTS_PER_DAY] ?? 0) + ((f1 - f0) * (shape.cumJ[SLOTS_PER_DAY] ?? 0)) / SLOTS_PER_DAY
}

function anchorDay(model: PlatformModel, p: ExperienceParams): number {
  return Math.max(p.startDay, model.epochDay)
}

/** Visits accumulated before the anchor: estimated from a few sampled days (history before it is not walked). */
function initialBase(model: PlatformModel, p: ExperienceParams): number {
  const a = anchorDay(model, p)
  const n = a - p.startDay
  if (n <= 0) return 0
  let s = 0
  for (let q = 0; q < 24; q++) s += dayLevel(model, p, p.startDay + Math.floor((n * (q + 0.5)) / 24))
  return ((10 / p.sessionMinutes) * s * SLOTS_PER_DAY * n) / 24
}

/** Adds the masses of days [from, to) to v, one day at a time, in order (the order fixes the float result). */
function walkForward(model: PlatformModel, p: ExperienceParams, v: number, from: number, to: number): number {
  const k = 10 / p.sessionMinutes
  let f0 = dayLevel(model, p, from)
  for (let d = from; d < to; d++) {
    const f1 = dayLevel(model, p, d + 1)
    v += k * dayMass(model, p, f0, f1)
    f0 = f1
  }
  return v
}

function checkpoint(model: PlatformModel, p: ExperienceParams, k: number): number {
  let map = model.checkpoints[p.index]
  if (!map) {
    map = new Map([[0, initialBase(model, p)]])
    model.checkpoints[p.index] = map
  }
  const cached = map.get(k)
  if (cached !== undefined) return cached
  const a = anchorDay(model, p)
  let j = k
  if (k > 0) {
    while (!map.has(j)) j--
    let v = map.get(j) ?? 0
    for (; j < k; j++) {
      v = walkForward(model, p, v, a + j * CHECKPOINT_DAYS, a + (j + 1) * CHECKPOINT_DAYS)
      map.set(j + 1, v)
    }
    return v
  }
  while (!map.has(j)) j++
  let v = map.get(j) ?? 0
  for (; j > k; j--) {
    const span = walkForward(model, p, 0, a + (j - 1) * CHECKPOINT_DAYS, a + j * CHECKPOINT_DAYS)
    v -= span
    map.set(j - 1, v)
  }
  return v
}

/** Unclamped visits at the start of UTC day d (the visible value is max(0, ·) plus the day's part). */
export function visitsBase(model: PlatformModel, p: ExperienceParams, d: number): number {
  if (d < p.startDay) return 0
  const a = anchorDay(model, p)
  const k = Math.floor((d - a) / CHECKPOINT_DAYS)
  const cpDay = a + k * CHECKPOINT_DAYS
  return walkForward(model, p, checkpoint(model, p, k), cpDay, d)
}

// ---- per-day cache and samples -------------------------------------------------------------------------

/** Fills (if needed) and returns the offset of experience index's cached values for day d. */
export function dayStateOffset(model: PlatformModel, index: number, d: number): number {
  const o = index * DAY_WIDTH
  const s = model.dayState
  if (s[o] === d) return o
  const p = experienceAt(model, index)
  s[o + DayField.F0] = dayLevel(model, p, d)
  s[o + DayField.F1] = dayLevel(model, p, d + 1)
  s[o + DayField.Fprev] = dayLevel(model, p, d - 1)
  s[o + DayField.Base] = visitsBase(model, p, d)
  s[o + DayField.W0] = u01(model.seed, index, S_WOBBLE, d)
  s[o + DayField.W1] = u01(model.seed, index, S_WOBBLE, d + 1)
  s[o] = d
  return o
}

export interface Sample {
  playing: number
  visits: number
  favorites: number
  upVotes: number
  downVotes: number
}

/**
 * Writes the counters of experience index at slotMs (a 10-minute boundary) into out. The single place
 * the numbers are computed: live serving, sampleAt and the history generator all call it.
 */
export function fillSample(model: PlatformModel, index: number, slotMs: number, out: Sample): Sample {
  const p = experienceAt(model, index)
  if (slotMs < p.createdMs) {
    out.playing = 0
    out.visits = 0
    out.favorites = 0
    out.upVotes = 0
    out.downVotes = 0
    return out
  }
  const d = Math.floor(slotMs / DAY_MS)
  const j = (slotMs - d * DAY_MS) / SLOT_MS
  const o = dayStateOffset(model, index, d)
  const s = model.dayState
  const f0 = s[o + DayField.F0] as number
  const f1 = s[o + DayField.F1] as number
  const shape = model.diurnal.get(p.zoneSlots, p.amplitudeLevel)
  const expected = (f0 + ((f1 - f0) * j) / SLOTS_PER_DAY) * (shape.value[j] as number)
  const noise = 1 + 0.08 * (u01(model.seed, index, S_NOISE, slotMs / SLOT_MS) - 0.5)
  out.playing = Math.round(expected * noise)
  const v =
    (s[o + DayField.Base] as number) +
    (10 / p.sessionMinutes) *
      (f0 * (shape.cum[j] as number) + ((f1 - f0) * (shape.cumJ[j] as number)) / SLOTS_PER_DAY)
  const visits = v > 0 ? Math.floor(v) : 0
  out.visits = visits
  const w0 = s[o + DayField.W0] as number
  const w = w0 + (((s[o + DayField.W1] as number) - w0) * j) / SLOTS_PER_DAY
  out.favorites = Math.floor(visits * p.favoriteRatio * (1 - 0.002 * w))
  const votes = visits * p.voteRate
  out.upVotes = Math.floor(votes * p.likeRatio * (1 - 0.003 * w))
  out.downVotes = Math.floor(votes * (1 - p.likeRatio) * (1 - 0.003 * (1 - w)))
  return out
}

export function snapSlot(t: number): number {
  return t - (((t % SLOT_MS) + SLOT_MS) % SLOT_MS)
}

/** Counters of experience index at the 10-minute slot containing slotMs. */
export function sampleAt(model: PlatformModel, index: number, slotMs: number): Sample {
  return fillSample(model, index, snapSlot(slotMs), {
    playing: 0,
    visits: 0,
    favorites: 0,
    upVotes: 0,
    downVotes: 0,
  })
}

/** Relative growth of the expected level over the last day (the "trending" signal of the sorts). */
export function growthAt(model: PlatformModel, index: number, slotMs: number): number {
  const d = Math.floor(slotMs / DAY_MS)
  const o = dayStateOffset(model, index, d)
  const s = model.dayState
  return ((s[o + DayField.F1] as number) + 5) / ((s[o + DayField.Fprev] as number) + 5)
}
