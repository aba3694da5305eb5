import type { AnchorZoom, GraphRange } from '@ludex/schemas'
import type { HashParams } from '../ui/hash-params.ts'

const DAY_MS = 86_400_000

/** The tab from the address when it is one of the chart's tabs, else the chart's default. */
export function tabFromHash<T extends string>(hash: HashParams, tabs: readonly T[], fallback: T): T {
  return (tabs as readonly string[]).includes(hash.tab ?? '') ? (hash.tab as T) : fallback
}

/** The range buttons in order; the visitor-locked ones open the sign-up promo. */
export const RANGE_BUTTONS: readonly { range: GraphRange; label: string }[] = [
  { range: 'day', label: '1d' },
  { range: 'week', label: '1w' },
  { range: 'month', label: '1m' },
  { range: 'three_months', label: '3m' },
  { range: 'six_months', label: '6m' },
  { range: 'year_to_date', label: 'YTD' },
  { range: 'year', label: '1y' },
  { range: 'all', label: 'All' },
]

/** Where a range button's view starts (null: from the first data). */
export function rangeStart(range: GraphRange, nowMs: number): number | null {
  switch (range) {
    case 'day':
      return nowMs - DAY_MS
    case 'week':
      return nowMs - 7 * DAY_MS
    case 'month':
      return nowMs - 30 * DAY_MS
    case 'three_months':
      return nowMs - 91 * DAY_MS
    case 'six_months':
      return nowMs - 182 * DAY_MS
    case 'year_to_date':
      return Date.UTC(new Date(nowMs).getUTCFullYear(), 0, 1)
    case 'year':
      return nowMs - 365 * DAY_MS
    case 'all':
      return null
  }
}

/**
 * Reads Plotly's relayout event for the x axis: a new range (strings in UTC without zone, or
 * numbers), 'autorange' (zoom reset), or null when the event is about something else.
 */
export function zoomFromRelayout(event: Readonly<Record<string, unknown>>): AnchorZoom | 'autorange' | null {
  if (event['xaxis.autorange'] === true) return 'autorange'
  const range = event['xaxis.range']
  const [a, b] = Array.isArray(range) ? range : [event['xaxis.range[0]'], event['xaxis.range[1]']]
  const min = plotlyTime(a)
  const max = plotlyTime(b)
  return min !== null && max !== null ? { min, max } : null
}

function plotlyTime(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v !== 'string') return null
  // Plotly writes date-axis ranges as 'YYYY-MM-DD HH:MM:SS.sss' in UTC (we plot epoch ms).
  const iso = v.includes('T') || v.endsWith('Z') ? v : `${v.replace(' ', 'T')}Z`
  const ms = Date.parse(iso)
  return Number.isFinite(ms) ? ms : null
}
