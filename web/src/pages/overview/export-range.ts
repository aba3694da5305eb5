/** The dates (UTC) of the first and last times of a chart's data, for its export's file name. */
export function rangeOf(times: readonly number[]): string[] {
  if (times.length === 0) return []
  // A loop, not Math.min(...times): a long series would overflow the argument list.
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (const t of times) {
    if (t < min) min = t
    if (t > max) max = t
  }
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  return [date(min), date(max)]
}
