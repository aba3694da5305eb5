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
  /**
   * Mean of the whole days of the last month (the 30 days up to the latest whole day); null without
   * data. The day in progress is never in it (issue 13).
   */
  readonly averageLastMonth: number | null
  /** The highest whole day in the loaded range; null without data. Never the day in progress. */
  readonly highest: number | null
}

/**
 * The tiles' figures from the daily points, whole days only: the day in progress (at or after
 * `partialFrom`, which the API names) holds the hours polled so far and is no record.
 */
export function ccuStats(points: readonly CcuPoint[], partialFrom: number | null = null): CcuStats {
  const whole = points.filter((p) => partialFrom === null || p.time < partialFrom)
  const last = whole.at(-1)
  if (!last) return { averageLastMonth: null, highest: null }
  // 'Last month' is the last 30 days, the same window the visitor history uses.
  const from = last.time - (UNSIGNED_HISTORY_DAYS - 1) * DAY_MS
  const month = whole.filter((p) => p.time >= from)
  const averageLastMonth = month.reduce((s, p) => s + p.ccu, 0) / month.length
  const highest = whole.reduce((m, p) => Math.max(m, p.ccu), 0)
  return { averageLastMonth, highest }
}

/** Above this axis top a 2,000,000 step would crowd the axis: the step becomes a multiple of it. */
const MAX_TICKS = 10
/** Room above the highest point when the data passes the soft max. */
const HEADROOM = 1.05

/**
 * Axes of the Tracked Games CCU chart (part 1 §9: minimum range 30 days, tick interval 2,000,000, soft
 * max 8,000,000). The x range spans at least 30 days, ending at the latest point. The y axis runs from
 * 0 to the soft max, or past it when the data does (Highcharts' softMax: the axis reaches 8M even when
 * the data stays below, and grows to show larger values), with a tick every 2,000,000; an axis so tall
 * that 2M steps would pass ten ticks steps by a multiple of 2M instead.
 */
export function trackedCcuAxes(points: readonly CcuPoint[]): Pick<Partial<Layout>, 'xaxis' | 'yaxis'> {
  const first = points[0]
  const last = points.at(-1)
  if (!first || !last) return {}
  const minRange = TRACKED_CCU_CHART_MIN_RANGE_DAYS * DAY_MS
  const start = Math.min(first.time, last.time - minRange)
  const max = points.reduce((m, p) => Math.max(m, p.ccu), 0)
  const top = Math.max(TRACKED_CCU_SOFT_MAX, max * HEADROOM)
  const step =
    TRACKED_CCU_TICK_INTERVAL * Math.max(1, Math.ceil(top / (TRACKED_CCU_TICK_INTERVAL * MAX_TICKS)))
  return {
    xaxis: { type: 'date', range: [new Date(start).toISOString(), new Date(last.time).toISOString()] },
    yaxis: { rangemode: 'tozero', range: [0, top], dtick: step, tick0: 0 },
  }
}

/**
 * A zoom of the chart kept at the minimum range (part 1 §9: 30 days): a narrower one is widened about
 * its middle; null when the zoom is wide enough (or no zoom).
 */
export function widenedZoom(zoom: { min: number; max: number } | null): { min: number; max: number } | null {
  const minRange = TRACKED_CCU_CHART_MIN_RANGE_DAYS * DAY_MS
  if (!zoom || zoom.max - zoom.min >= minRange) return null
  const middle = (zoom.min + zoom.max) / 2
  return { min: middle - minRange / 2, max: middle + minRange / 2 }
}
