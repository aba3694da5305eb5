import { HOUR_MS } from './constants.ts'
import { existsAt, experienceAt, type PlatformModel } from './platform.ts'

/**
 * Restricted universes (roblox-api.md §16): upstream answers the games call for them with a censored
 * item. One experience in RESTRICTION_GROUP is prone to it (which one of each group follows from the
 * seed), and each prone experience is restricted one 6-hour period in RESTRICTION_CYCLE, back in the
 * others. The prone experiences' cycles are staggered, so among every RESTRICTION_CYCLE consecutive ones
 * exactly one is restricted at any time: a platform of 120 experiences or more always shows one (what
 * the API fixture and the end-to-end check of the notice rely on), 100,000 show about 830 (0.83 %). Like the rest of the model,
 * a pure function of seed, experience and time.
 */
export const RESTRICTION_PERIOD_MS = 6 * HOUR_MS
export const RESTRICTION_GROUP = 20
export const RESTRICTION_CYCLE = 6

export function restrictionPeriodOf(t: number): number {
  return Math.floor(t / RESTRICTION_PERIOD_MS)
}

/** Whether the experience is prone to restriction at all. */
export function restrictionProne(model: PlatformModel, index: number): boolean {
  return index % RESTRICTION_GROUP === model.seed % RESTRICTION_GROUP
}

/** Whether the experience is restricted in the given period (restrictionPeriodOf). */
export function restrictedInPeriod(model: PlatformModel, index: number, period: number): boolean {
  if (!restrictionProne(model, index)) return false
  return (period + Math.floor(index / RESTRICTION_GROUP)) % RESTRICTION_CYCLE === 0
}

/** Whether the games call censors the experience at time t. */
export function restrictedAt(model: PlatformModel, index: number, t: number): boolean {
  return restrictedInPeriod(model, index, restrictionPeriodOf(t))
}

/** A place a poll captures: its index in the model and its root place id. */
export interface CapturedPlace {
  readonly index: number
  readonly placeId: number
}

/**
 * The places a poll of time t captures: those that exist at t and that the games call does not censor
 * then (a restricted experience gets no snapshot of its slot). What a store holds after polling t.
 */
export function capturedPlacesAt(model: PlatformModel, t: number): CapturedPlace[] {
  const out: CapturedPlace[] = []
  for (let i = 0; i < model.count; i++) {
    const p = experienceAt(model, i)
    if (existsAt(p, t) && !restrictedAt(model, i, t)) out.push({ index: i, placeId: p.rootPlaceId })
  }
  return out
}
