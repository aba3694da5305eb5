import { HOUR_MS, Stream } from './constants.ts'
import type { PlatformModel } from './platform.ts'
import { unit } from './prng.ts'

/**
 * Restricted universes (roblox-api.md §16): upstream answers the games call for them with a censored
 * item. A share of experiences is prone to it (moderation, owners taking them private for an update);
 * each of those is restricted in some of its 6-hour periods and back in the others, a pure function of
 * seed, experience and period like the rest of the model.
 */
export const RESTRICTION_PERIOD_MS = 6 * HOUR_MS
/** Share of experiences that are ever restricted. */
export const RESTRICTION_PRONE_SHARE = 0.05
/** Share of a prone experience's periods it is restricted in: 0.5 % of the platform at any time. */
export const RESTRICTED_PERIOD_SHARE = 0.1

export function restrictionPeriodOf(t: number): number {
  return Math.floor(t / RESTRICTION_PERIOD_MS)
}

/** Whether the experience is restricted in the given period (restrictionPeriodOf). */
export function restrictedInPeriod(model: PlatformModel, index: number, period: number): boolean {
  if (unit(model.seed, Stream.Restricted, index) >= RESTRICTION_PRONE_SHARE) return false
  // Period 0 is 1970: +1 keeps the period stream apart from the prone draw above.
  return unit(model.seed, Stream.Restricted, index, period + 1) < RESTRICTED_PERIOD_SHARE
}

/** Whether the games call censors the experience at time t. */
export function restrictedAt(model: PlatformModel, index: number, t: number): boolean {
  return restrictedInPeriod(model, index, restrictionPeriodOf(t))
}
