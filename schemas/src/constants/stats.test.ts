import { describe, expect, it } from 'vitest'
import {
  DEFAULT_GRAPH_RANGE,
  GRANULARITIES,
  genreChartGranularity,
  granularity,
  graphRange,
  isGraphRangeLockedForVisitor,
  movementType,
  statKind,
  tagCcuScope,
} from './index.ts'

describe('stat enums', () => {
  it('validate the spec values and refuse others', () => {
    for (const k of ['ccus', 'rating', 'visits', 'likes', 'playtime', 'favorites'])
      expect(statKind.parse(k)).toBe(k)
    expect(statKind.safeParse('ccu').success).toBe(false)
    expect(granularity.safeParse('minute').success).toBe(false)
    expect(graphRange.safeParse('year_to_date').success).toBe(true)
    expect(graphRange.safeParse('ytd').success).toBe(false)
    expect(tagCcuScope.options).toEqual(['all', 'active', 'top_five'])
    expect(movementType.safeParse('top100entry').success).toBe(true)
  })

  it('make the genre chart fall back from hour to day', () => {
    expect(GRANULARITIES.map(genreChartGranularity)).toEqual(['day', 'day', 'week', 'month'])
  })

  it('default to the third range button and lock 3m, 6m, YTD, 1y and All for visitors', () => {
    expect(DEFAULT_GRAPH_RANGE).toBe('month')
    const locked = graphRange.options.filter(isGraphRangeLockedForVisitor)
    expect(locked).toEqual(['three_months', 'six_months', 'year_to_date', 'year', 'all'])
  })
})
