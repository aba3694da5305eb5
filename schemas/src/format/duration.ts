const MINUTE_S = 60
const HOUR_S = 3600
const DAY_S = 86_400

/**
 * A duration in days, hours, min and sec (part 2 §9), largest unit first, zero parts left out:
 * 93_784 → '1 day 2 hours 3 min 4 sec', 3600 → '1 hour', 0 → '0 sec'. Fractions of a second are
 * dropped; negative or not-finite input is treated as 0.
 */
export function formatDuration(seconds: number): string {
  let rest = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const days = Math.floor(rest / DAY_S)
  rest -= days * DAY_S
  const hours = Math.floor(rest / HOUR_S)
  rest -= hours * HOUR_S
  const minutes = Math.floor(rest / MINUTE_S)
  const secs = rest - minutes * MINUTE_S
  const parts: string[] = []
  if (days > 0) parts.push(`${days} ${days === 1 ? 'day' : 'days'}`)
  if (hours > 0) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`)
  if (minutes > 0) parts.push(`${minutes} min`)
  if (secs > 0 || parts.length === 0) parts.push(`${secs} sec`)
  return parts.join(' ')
}

/**
 * Playtime axis label (part 2 §9): hours and minutes from one hour, minutes and seconds from one
 * minute, otherwise seconds: 3900 → '1h 5m', 65 → '1m 5s', 42 → '42s'. Whole seconds, floored.
 */
export function playtimeAxisLabel(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  if (s >= HOUR_S) return `${Math.floor(s / HOUR_S)}h ${Math.floor((s % HOUR_S) / MINUTE_S)}m`
  if (s >= MINUTE_S) return `${Math.floor(s / MINUTE_S)}m ${s % MINUTE_S}s`
  return `${s}s`
}
