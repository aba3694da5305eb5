/**
 * An experience against its tag's average (/compare/experience-tag): '+12.5% vs average',
 * '-3.0% vs average', 'as average'; null when a number is missing or the average is 0.
 */
export function vsAverage(value: number | undefined, average: number | undefined): string | null {
  if (value === undefined || average === undefined || average === 0) return null
  const diff = ((value - average) / average) * 100
  const rounded = Math.round(diff * 10) / 10
  if (rounded === 0) return 'as average'
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)}% vs average`
}
