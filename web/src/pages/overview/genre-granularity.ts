import {
  anchoredView,
  anchorLinkParams,
  DEFAULT_GRANULARITY,
  type GenreChartGranularity,
  genreChartGranularity,
  type HashParamName,
  type HashParamValue,
} from '@ludex/schemas'

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
