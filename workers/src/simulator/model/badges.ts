import { DAY_MS, Stream } from './constants.ts'
import { experienceAt, type PlatformModel, sampleAt } from './platform.ts'
import { hash32, pick, unit } from './prng.ts'

export interface BadgeState {
  readonly id: number
  readonly name: string
  readonly description: string
  readonly enabled: boolean
  readonly iconImageId: number
  readonly createdMs: number
  readonly updatedMs: number
  readonly awardedCount: number
  readonly pastDayAwardedCount: number
  /** Share of players who earn it, in percent. */
  readonly winRatePercentage: number
}

export const BADGE_BASE = 2_124_000_000_000
export const BADGE_STRIDE = 100

const BADGE_NAMES = [
  'Welcome',
  'First Win',
  'Veteran',
  'Met the Creator',
  'Secret Room',
  'Champion',
  'Collector',
  'Speedrunner',
  'Legend',
  'Survivor',
] as const

export function badgeCountOf(model: PlatformModel, index: number): number {
  const p = experienceAt(model, index)
  if (unit(model.seed, index, Stream.Badge) < 0.3) return 0
  return Math.min(
    BADGE_STRIDE - 1,
    Math.floor(2 + 10 * unit(model.seed, index, Stream.Badge, 1) + 4 * Math.log10(p.popularity + 1)),
  )
}

/** The experience's badges that exist at t, with award statistics as of t. */
export function badgesOf(model: PlatformModel, index: number, t: number): readonly BadgeState[] {
  const p = experienceAt(model, index)
  const n = badgeCountOf(model, index)
  if (n === 0 || t < p.createdMs) return []
  const visitsNow = sampleAt(model, index, t).visits
  const visitsDayAgo = sampleAt(model, index, t - DAY_MS).visits
  const out: BadgeState[] = []
  for (let b = 0; b < n; b++) {
    const createdMs =
      p.createdMs + Math.floor(b * 9 * DAY_MS * unit(model.seed, index, Stream.Badge + 100, b))
    if (createdMs > t) continue
    const rate = 0.6 * Math.exp(-0.35 * b) * (0.3 + 0.7 * unit(model.seed, index, Stream.Badge + 200, b))
    const awarded = (v: number) => Math.floor(v * rate)
    out.push({
      id: BADGE_BASE + index * BADGE_STRIDE + b,
      name: `${pick(BADGE_NAMES, unit(model.seed, index, Stream.Badge + 300, b))} ${b + 1}`,
      description: `Awarded for reaching milestone ${b + 1}.`,
      enabled: unit(model.seed, index, Stream.Badge + 400, b) > 0.05,
      iconImageId: 10_000_000_000 + (hash32(model.seed, index, Stream.Badge + 500, b) % 9_000_000_000),
      createdMs,
      updatedMs: createdMs,
      awardedCount: awarded(visitsNow),
      pastDayAwardedCount: Math.max(0, awarded(visitsNow) - awarded(visitsDayAgo)),
      winRatePercentage: Math.round(rate * 1000) / 10,
    })
  }
  return out
}
