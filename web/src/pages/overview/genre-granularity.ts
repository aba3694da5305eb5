import {
  anchoredView,
  anchorLinkParams,
  DEFAULT_GRANULARITY,
  GENRE_CHART_GRANULARITIES,
  GENRE_STATS_START_MS,
  type GenreChartGranularity,
  genreChartGranularity,
  type HashParamName,
  type HashParamValue,
} from '@ludex/schemas'
import { granularityOptions } from '../../charts/granularity.ts'
import { effectiveGranularity, offeredGranularities } from '../../charts/granularity-options.ts'

type Hash = Readonly<Partial<Record<HashParamName, string>>>

/** The genre chart's title: its heading and the anchor that names it in an address. */
export const GENRE_CCU_TITLE = 'Average Genre CCU'

/**
 * The genre chart's granularity from the address: only with the anchor naming the chart and a valid
 * value (part 1 §2, as on every chart), and hour falls back to day there (part 1 §4).
 */
export function genreGranularityFromHash(hash: Hash): GenreChartGranularity {
  return genreChartGranularity(anchoredView(hash, GENRE_CCU_TITLE).granularity ?? DEFAULT_GRANULARITY)
}

/**
 * The address after choosing a granularity on the genre chart: an anchor link to the chart with it,
 * or, for the default, no anchor at all (another chart's anchor is left alone then).
 */
export function genreGranularityHash(
  current: Hash,
  granularity: GenreChartGranularity,
): Record<string, HashParamValue> {
  if (granularity !== DEFAULT_GRANULARITY)
    return { ...current, ...anchorLinkParams({ title: GENRE_CCU_TITLE, zoom: null, granularity }) }
  if (current.anchor !== GENRE_CCU_TITLE) return { ...current }
  const { anchor: _anchor, granularity: _granularity, graphMin: _min, graphMax: _max, ...rest } = current
  return rest
}

/**
 * The options the genre chart offers and the granularity it draws, for the address: the address's
 * granularity under the anchor rule (genreGranularityFromHash), then only those that can show two
 * points (issue 13, point 6). A visitor's 30 days hold at most one month, so Month is offered to
 * signed-in users only (their genre series run from 2022); a visitor's anchor link asking for months
 * draws weeks.
 */
export function genreGranularityView(
  hash: Hash,
  view: { visitor: boolean; nowMs: number },
): { granularity: GenreChartGranularity; options: { value: GenreChartGranularity; label: string }[] } {
  const offered = offeredGranularities(GENRE_CHART_GRANULARITIES, {
    startMs: GENRE_STATS_START_MS,
    nowMs: view.nowMs,
    visitor: view.visitor,
  })
  return {
    granularity: effectiveGranularity(genreGranularityFromHash(hash), offered) as GenreChartGranularity,
    options: granularityOptions(offered),
  }
}
