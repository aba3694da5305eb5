/**
 * Axis ticks of the static charts, chosen the way Plotly chooses them (so the Plotly chart that takes
 * over later shows about the same axes), and formatted with explicit code in UTC: the server and the
 * browser must print the same labels whatever their locale and time zone.
 */

export interface Tick {
  readonly value: number
  readonly label: string
  /** A second line under the label (Plotly's date header: the year, or the day for hour ticks). */
  readonly sub?: string
}

const MINUTE = 60_000
const HOUR = 3_600_000
const DAY = 86_400_000
const AVG_MONTH = 30.4375 * DAY
const AVG_YEAR = 365.25 * DAY
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The smallest entry of `set` at or above `value` (Plotly's roundUp); the last entry past them all. */
export function roundUp(value: number, set: readonly number[]): number {
  for (const s of set) if (s >= value - 1e-12) return s
  return set[set.length - 1] ?? value
}

/**
 * How many ticks Plotly aims at for an axis `lengthPx` long: one per 40 px on y and per 80 px on x,
 * within 4 to 9, plus one.
 */
export function targetTickCount(lengthPx: number, axis: 'x' | 'y'): number {
  return Math.min(9, Math.max(4, lengthPx / (axis === 'y' ? 40 : 80))) + 1
}

/** Plotly's automatic linear step for a range and a target count: 2, 5 or 10 times a power of ten. */
export function linearStep(min: number, max: number, count: number): number {
  const rough = Math.abs(max - min) / count
  if (!(rough > 0)) return 1
  const base = 10 ** Math.floor(Math.log10(rough))
  return base * roundUp(rough / base, [2, 5, 10])
}

/** Tick values from `min` to `max` (both inclusive) every `step`, aligned on `tick0`. */
export function linearTickValues(min: number, max: number, step: number, tick0 = 0): number[] {
  if (!(step > 0) || !(max >= min)) return []
  const out: number[] = []
  const first = Math.ceil((min - tick0) / step - 1e-9)
  for (let i = first; tick0 + i * step <= max + step * 1e-9; i += 1) {
    // toPrecision drops the float noise of i * step (0.30000000000000004).
    out.push(Number((tick0 + i * step).toPrecision(12)))
    if (out.length > 1000) break
  }
  return out
}

/**
 * The power of ten (a multiple of 3) Plotly writes tick labels in, from the larger end of the range:
 * none below 10,000, so 5000 stays '5000' while 20,000 is '20k' and 1,500,000 is '1.5M'.
 */
export function tickExponent(min: number, max: number): number {
  const end = Math.max(Math.abs(min), Math.abs(max))
  if (!(end > 0)) return 0
  const rangeExp = Math.floor(Math.log10(end) + 0.01)
  return rangeExp > 3 ? 3 * Math.round((rangeExp - 1) / 3) : 0
}

const SUFFIX: Record<number, string> = { 3: 'k', 6: 'M', 9: 'B', 12: 'T' }

/** A number tick label as Plotly writes it: the exponent's suffix, no trailing zeros, a true minus. */
export function formatTickNumber(value: number, exponent: number, suffix = ''): string {
  const scaled = value / 10 ** exponent
  let text = Math.abs(scaled)
    .toFixed(6)
    .replace(/\.?0+$/, '')
  if (text === '') text = '0'
  const sign = scaled < 0 && text !== '0' ? '\u2212' : ''
  const unit = exponent > 0 && text !== '0' ? (SUFFIX[exponent] ?? `e${exponent}`) : ''
  return `${sign}${text}${unit}${suffix}`
}

/** Linear ticks with labels: an explicit `dtick` wins over the automatic step. */
export function numberTicks(
  min: number,
  max: number,
  count: number,
  options: { dtick?: number; suffix?: string } = {},
): Tick[] {
  const step = options.dtick && options.dtick > 0 ? options.dtick : linearStep(min, max, count)
  const exponent = tickExponent(min, max)
  return linearTickValues(min, max, step).map((value) => ({
    value,
    label: formatTickNumber(value, exponent, options.suffix),
  }))
}

export type DateUnit = 'minute' | 'hour' | 'day' | 'month' | 'year'

export interface DateStep {
  readonly unit: DateUnit
  /** How many units per tick. */
  readonly count: number
}

/** Plotly's date step for a rough tick spacing in ms (its rounding sets per unit). */
export function dateStep(roughMs: number): DateStep {
  if (roughMs > AVG_YEAR * 0.8) {
    const years = roughMs / AVG_YEAR
    const base = 10 ** Math.floor(Math.log10(years))
    return { unit: 'year', count: Math.max(1, base * roundUp(years / base, [2, 5, 10])) }
  }
  if (roughMs > AVG_MONTH * 0.8) return { unit: 'month', count: roundUp(roughMs / AVG_MONTH, [1, 2, 3, 6]) }
  if (roughMs > DAY * 0.8) return { unit: 'day', count: roundUp(roughMs / DAY, [1, 2, 3, 7, 14]) }
  if (roughMs > HOUR * 0.8) return { unit: 'hour', count: roundUp(roughMs / HOUR, [1, 2, 3, 6, 12]) }
  return { unit: 'minute', count: roundUp(Math.max(1, roughMs / MINUTE), [1, 2, 5, 10, 15, 30]) }
}

// Plotly's tick0 for dates: 2000-01-01, or the Sunday 2000-01-02 for whole weeks.
const TICK0 = Date.UTC(2000, 0, 1)
const TICK0_WEEK = Date.UTC(2000, 0, 2)

/** Tick times within [min, max] for a date step, aligned as Plotly aligns them (UTC). */
export function dateTickValues(min: number, max: number, step: DateStep): number[] {
  const out: number[] = []
  if (!(max >= min)) return out
  if (step.unit === 'month' || step.unit === 'year') {
    const months = step.unit === 'year' ? step.count * 12 : step.count
    const start = new Date(min)
    // Months since 2000-01, rounded up to a multiple of the step.
    let index = (start.getUTCFullYear() - 2000) * 12 + start.getUTCMonth()
    if (Date.UTC(2000, index, 1) < min) index += 1
    index = Math.ceil(index / months) * months
    for (let t = Date.UTC(2000, index, 1); t <= max; index += months, t = Date.UTC(2000, index, 1)) {
      out.push(t)
      if (out.length > 1000) break
    }
    return out
  }
  const unitMs = step.unit === 'day' ? DAY : step.unit === 'hour' ? HOUR : MINUTE
  const ms = unitMs * step.count
  const tick0 = step.unit === 'day' && step.count % 7 === 0 ? TICK0_WEEK : TICK0
  return linearTickValues(min, max, ms, tick0)
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/** The label and header (second line) of a date tick, as Plotly formats them for the step's unit. */
export function dateTickParts(t: number, unit: DateUnit): { label: string; head: string } {
  const d = new Date(t)
  const year = String(d.getUTCFullYear())
  const month = MONTHS[d.getUTCMonth()] ?? ''
  const day = `${month} ${d.getUTCDate()}`
  switch (unit) {
    case 'year':
      return { label: year, head: '' }
    case 'month':
      return { label: month, head: year }
    case 'day':
      return { label: day, head: year }
    default:
      return { label: `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`, head: `${day}, ${year}` }
  }
}

/**
 * Date ticks with labels like Plotly's: 'Oct 25', 'Nov 1', with the year under the first tick and
 * again wherever it changes ('Jan 1' over '2026').
 */
export function dateTicks(min: number, max: number, count: number): Tick[] {
  const step = dateStep(Math.abs(max - min) / count)
  let previous = ''
  return dateTickValues(min, max, step).map((value) => {
    const { label, head } = dateTickParts(value, step.unit)
    const sub = head !== previous ? head : ''
    previous = head
    return sub ? { value, label, sub } : { value, label }
  })
}
