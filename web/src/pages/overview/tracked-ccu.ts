import {
  TRACKED_CCU_CHART_MIN_RANGE_DAYS,
  TRACKED_CCU_SOFT_MAX,
  TRACKED_CCU_TICK_INTERVAL,
  UNSIGNED_HISTORY_DAYS,
} from '@ludex/schemas'
import type { Layout } from 'plotly.js'

const DAY_MS = 86_400_000

export interface CcuPoint {
  readonly time: number
  readonly ccu: number
}

/** The API's {time ISO, ccu} list as epoch-ms points in time order. */
export function toCcuPoints(list: readonly { time: string; ccu: number }[]): CcuPoint[] {
  return list.map((p) => ({ time: Date.parse(p.time), ccu: p.ccu })).sort((a, b) => a.time - b.time)
}

export interface CcuStats {
  /** Mean of the daily values of the last month (30 days up to the latest day); null without data. */
  readonly averageLastMonth: number | null
  /** The highest daily value in the loaded range; null without data. */
  readonly highest: number | null
}

export function ccuStats(points: readonly CcuPoint[]): CcuStats {
  const last = points.at(-1)
  if (!last) return { averageLastMonth: null, highest: null }
  // 'Last month' is the last 30 days, the same window the visitor history uses.
  const from = last.time - (UNSIGNED_HISTORY_DAYS - 1) * DAY_MS
  const month = points.filter((p) => p.time >= from)
  const averageLastMonth = month.reduce((s, p) => s + p.ccu, 0) / month.length
  const highest = points.reduce((m, p) => Math.max(m, p.ccu), 0)
  return { averageLastMonth, highest }
}

/** Data at or above this share of the soft max is "approaching" it (see trackedCcuAxes). */
const SOFT_MAX_APPROACH = 0.5
/** Above this axis top a 2,000,000 step would crowd the axis, so Plotly picks the ticks. */
const FIXED_TICK_MAX_TOP = 10 * TRACKED_CCU_TICK_INTERVAL

/**
 * Axes of the Tracked Games CCU chart (part 1 §9: minimum range 30 days, tick interval 2,000,000, soft
 * max 8,000,000). The x range spans at least 30 days, ending at the latest point. The soft max is read
 * as in Highcharts: the axis reaches at least 8M even when the data stays below, but only once the data
 * approaches it (half of it, 4M); a small platform (the simulator's few hundred thousand) would
 * otherwise be a flat line at the bottom. The 2M tick interval applies on the same condition, while the
 * axis top stays within ten ticks; otherwise Plotly chooses readable ticks.
 */
export function trackedCcuAxes(points: readonly CcuPoint[]): Pick<Partial<Layout>, 'xaxis' | 'yaxis'> {
  const first = points[0]
  const last = points.at(-1)
  if (!first || !last) return {}
  const minRange = TRACKED_CCU_CHART_MIN_RANGE_DAYS * DAY_MS
  const start = Math.min(first.time, last.time - minRange)
  const max = points.reduce((m, p) => Math.max(m, p.ccu), 0)
  const approaching = max >= TRACKED_CCU_SOFT_MAX * SOFT_MAX_APPROACH
  const top = approaching ? Math.max(TRACKED_CCU_SOFT_MAX, max * 1.05) : undefined
  return {
    xaxis: { type: 'date', range: [new Date(start).toISOString(), new Date(last.time).toISOString()] },
    yaxis: {
      rangemode: 'tozero',
      ...(top !== undefined ? { range: [0, top] } : {}),
      ...(top !== undefined && top <= FIXED_TICK_MAX_TOP ? { dtick: TRACKED_CCU_TICK_INTERVAL } : {}),
    },
  }
}
