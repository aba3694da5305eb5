/**
 * Rounds half away from zero to `decimals` places without binary noise: 1.005 → 1.01 and 1.45 → 1.5,
 * where `Math.round(x * 100) / 100` would give 1 and 1.4. Shifting through the decimal exponent keeps
 * the value's own decimal digits.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value
  const sign = value < 0 ? -1 : 1
  const shifted = Math.round(shiftDecimal(Math.abs(value), decimals))
  return shifted === 0 ? 0 : sign * shiftDecimal(shifted, -decimals)
}

/** Truncates toward zero to `decimals` places, with the same decimal shift (1.99 → 1.9, 0.29 → 0.29). */
export function truncateTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value
  const sign = value < 0 ? -1 : 1
  const shifted = Math.floor(shiftDecimal(Math.abs(value), decimals))
  return shifted === 0 ? 0 : sign * shiftDecimal(shifted, -decimals)
}

/** Average CCU is shown to 1 decimal (part 1 §9). */
export function roundAverageCcu(value: number): number {
  return roundTo(value, 1)
}

/** Every other stat value is floored (part 1 §9). */
export function floorValue(value: number): number {
  return Math.floor(value)
}

/** Rating rows carry the rating multiplied by 100 (0.29 → 29, not 28.999999999999996). */
export function ratingTimes100(fraction: number): number {
  return shiftDecimal(fraction, 2)
}

/** Like percentage as shown: the fraction ×100, rounded to 2 decimals (0.87654 → 87.65). */
export function likePercentageValue(fraction: number): number {
  return roundTo(shiftDecimal(fraction, 2), 2)
}

/** '87.65%'; always two decimals, so a column of percentages lines up. */
export function formatLikePercentage(fraction: number): string {
  return `${likePercentageValue(fraction).toFixed(2)}%`
}

/**
 * value × 10^places computed on the decimal string, so the digits move without binary error. Handles
 * values JS already prints in exponent form (1e-7, 1e+21).
 */
export function shiftDecimal(value: number, places: number): number {
  if (!Number.isFinite(value)) return value * 10 ** places
  const [mantissa, exponent] = String(value).split('e')
  return Number(`${mantissa}e${Number(exponent ?? 0) + places}`)
}
