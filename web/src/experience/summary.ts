const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})

/**
 * A screen-reader description of a time series: span, latest, highest and lowest values, written with
 * `format`, the page's own formatting of the stat (formatStatValue: '273.4K', never '273464.8').
 */
export function seriesSummary(
  what: string,
  points: readonly (readonly [number, number])[],
  format: (v: number) => string,
): string {
  if (points.length === 0) return `${what}: no data.`
  const first = points[0]!
  const last = points.at(-1)!
  let hi = first
  let lo = first
  for (const p of points) {
    if (p[1] > hi[1]) hi = p
    if (p[1] < lo[1]) lo = p
  }
  const d = (t: number) => dateFormat.format(new Date(t))
  return (
    `${what} from ${d(first[0])} to ${d(last[0])}, ${points.length} points. ` +
    `Latest ${format(last[1])}; highest ${format(hi[1])} on ${d(hi[0])}; lowest ${format(lo[1])} on ${d(lo[0])}.`
  )
}
