import { buildHash, parseHashParams } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import {
  GENRE_CCU_TITLE,
  genreGranularityFromHash,
  genreGranularityHash,
  genreGranularityView,
} from './genre-granularity.ts'

const anchor = GENRE_CCU_TITLE

describe('the genre chart’s granularity from the address', () => {
  it('keeps day, week and month, only with the anchor naming the chart', () => {
    expect(genreGranularityFromHash({ anchor, granularity: 'day' })).toBe('day')
    expect(genreGranularityFromHash({ anchor, granularity: 'week' })).toBe('week')
    expect(genreGranularityFromHash({ anchor, granularity: 'month' })).toBe('month')
    // part 1 §2: no anchor, or another chart's, and the granularity is not this chart's.
    expect(genreGranularityFromHash({ granularity: 'month' })).toBe('day')
    expect(genreGranularityFromHash({ anchor: 'Tracked Games CCU', granularity: 'month' })).toBe('day')
  })

  it('falls back to day for hour (part 1 §4), an invalid value or none', () => {
    expect(genreGranularityFromHash({ anchor, granularity: 'hour' })).toBe('day')
    expect(genreGranularityFromHash({ anchor, granularity: 'year' })).toBe('day')
    expect(genreGranularityFromHash({ anchor })).toBe('day')
    expect(genreGranularityFromHash({})).toBe('day')
  })
})

describe('the address after choosing a granularity', () => {
  it('is an anchor link to the chart, which reads back as the same granularity', () => {
    const hash = buildHash(genreGranularityHash({}, 'month'))
    expect(hash).toBe('#anchor=Average%20Genre%20CCU&granularity=month')
    expect(genreGranularityFromHash(parseHashParams(hash))).toBe('month')
  })

  it('takes the anchor from another chart, and keeps unrelated keys', () => {
    const current = { anchor: 'Other', graphMin: '1', graphMax: '2', search: 'x' }
    expect(buildHash(genreGranularityHash(current, 'week'))).toBe(
      '#anchor=Average%20Genre%20CCU&search=x&granularity=week',
    )
  })

  it('drops the chart’s anchor for the default, and leaves another chart’s alone', () => {
    expect(buildHash(genreGranularityHash({ anchor, granularity: 'week', search: 'x' }, 'day'))).toBe(
      '#search=x',
    )
    expect(buildHash(genreGranularityHash({ anchor: 'Other', granularity: 'week' }, 'day'))).toBe(
      '#anchor=Other&granularity=week',
    )
  })
})

describe('genreGranularityView (issue 13, point 6)', () => {
  const nowMs = Date.parse('2026-11-18T14:03:00Z')
  it('offers a visitor day and week only: 30 days hold one month start, one point', () => {
    const v = genreGranularityView({ anchor, granularity: 'month' }, { visitor: true, nowMs })
    expect(v.options.map((o) => o.value)).toEqual(['day', 'week'])
    expect(v.granularity).toBe('week')
    expect(genreGranularityView({}, { visitor: true, nowMs }).granularity).toBe('day')
  })
  it('offers a signed-in user all three (their genre series run from 2022)', () => {
    const v = genreGranularityView({ anchor, granularity: 'month' }, { visitor: false, nowMs })
    expect(v.options.map((o) => o.label)).toEqual(['Day', 'Week', 'Month'])
    expect(v.granularity).toBe('month')
  })
  it('takes the address’s granularity by the anchor rule before the two-point rule', () => {
    // Without the chart's anchor a month in the address is not this chart's: day, for anyone.
    expect(genreGranularityView({ granularity: 'month' }, { visitor: false, nowMs }).granularity).toBe('day')
    expect(genreGranularityView({ granularity: 'week' }, { visitor: true, nowMs }).granularity).toBe('day')
    expect(genreGranularityView({ anchor, granularity: 'week' }, { visitor: true, nowMs }).granularity).toBe(
      'week',
    )
  })
})
