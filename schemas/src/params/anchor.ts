import { GRANULARITIES, type Granularity } from '../constants/stats.ts'
import type { HashParamName } from './hash-params.ts'

/**
 * Anchor links (part 1 §2): the hash keys anchor, graphMin, graphMax, granularity and tab restore one
 * chart's view. The rule, for every chart of every page: the zoom and the granularity of an address
 * apply only to the chart its anchor names (the chart's title), and the granularity only when it is a
 * valid one. Chart components read their view through `anchoredView` and write it with
 * `anchorLinkParams`, never from the bare keys.
 */

/** A visible time range of a chart, epoch ms. */
export interface AnchorZoom {
  readonly min: number
  readonly max: number
}

/** What an address restores for one chart. */
export interface AnchoredView {
  /** The zoom from graphMin/graphMax, only when the anchor names this chart. */
  readonly zoom: AnchorZoom | null
  /** The granularity, only when the anchor names this chart and the value is valid. */
  readonly granularity: Granularity | null
}

/** A time in an address: epoch milliseconds or an ISO 8601 date; anything else is ignored. */
export function parseAnchorTime(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null
  const text = value.trim()
  const ms = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Date.parse(text)
  return Number.isFinite(ms) ? ms : null
}

export function isGranularity(value: string | undefined): value is Granularity {
  return (GRANULARITIES as readonly string[]).includes(value ?? '')
}

/**
 * The view an address restores for the chart titled `chartTitle`: zoom and granularity apply only
 * when the anchor matches the chart title; the granularity must also be a valid one, and a zoom needs
 * both ends, in order.
 */
export function anchoredView(
  hash: Readonly<Partial<Record<HashParamName, string>>>,
  chartTitle: string,
): AnchoredView {
  if (hash.anchor !== chartTitle) return { zoom: null, granularity: null }
  const min = parseAnchorTime(hash.graphMin)
  const max = parseAnchorTime(hash.graphMax)
  return {
    zoom: min !== null && max !== null && min < max ? { min, max } : null,
    granularity: isGranularity(hash.granularity) ? hash.granularity : null,
  }
}

/**
 * The hash keys of an anchor link to a chart in its current state. Keys it does not set are
 * undefined, so spreading it over a current hash also clears another chart's zoom and tab.
 */
export function anchorLinkParams(view: {
  readonly title: string
  readonly zoom: AnchorZoom | null
  readonly granularity: Granularity
  readonly tab?: string
}): Record<'anchor' | 'graphMin' | 'graphMax' | 'granularity' | 'tab', string | number | undefined> {
  return {
    anchor: view.title,
    graphMin: view.zoom ? Math.round(view.zoom.min) : undefined,
    graphMax: view.zoom ? Math.round(view.zoom.max) : undefined,
    granularity: view.granularity,
    tab: view.tab,
  }
}
