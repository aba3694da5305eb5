import { describe, expect, it } from 'vitest'
import { anchoredView, anchorLinkParams, parseAnchorTime } from './anchor.ts'
import { buildHash, parseHashParams } from './hash-params.ts'

describe('anchoredView', () => {
  it('restores zoom and granularity when the anchor matches the chart title', () => {
    const view = anchoredView(
      { anchor: 'CCU', graphMin: '1000', graphMax: '2000', granularity: 'hour' },
      'CCU',
    )
    expect(view).toEqual({ zoom: { min: 1000, max: 2000 }, granularity: 'hour' })
  })

  it('ignores everything when the anchor names another chart', () => {
    const view = anchoredView(
      { anchor: 'Visits', graphMin: '1000', graphMax: '2000', granularity: 'hour' },
      'CCU',
    )
    expect(view).toEqual({ zoom: null, granularity: null })
  })

  it('ignores a granularity without an anchor', () => {
    expect(anchoredView({ granularity: 'week' }, 'CCU').granularity).toBeNull()
  })

  it('ignores an invalid granularity but keeps the zoom', () => {
    const view = anchoredView(
      { anchor: 'CCU', graphMin: '1000', graphMax: '2000', granularity: 'year' },
      'CCU',
    )
    expect(view).toEqual({ zoom: { min: 1000, max: 2000 }, granularity: null })
  })

  it('reads ISO times and drops a reversed or half range', () => {
    expect(
      anchoredView(
        { anchor: 'CCU', graphMin: '2026-01-01T00:00:00Z', graphMax: '2026-01-02T00:00:00Z' },
        'CCU',
      ).zoom,
    ).toEqual({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 0, 2) })
    expect(anchoredView({ anchor: 'CCU', graphMin: '2000', graphMax: '1000' }, 'CCU').zoom).toBeNull()
    expect(anchoredView({ anchor: 'CCU', graphMin: '2000' }, 'CCU').zoom).toBeNull()
  })
})

describe('anchorLinkParams', () => {
  it('writes the anchor with the granularity, and the zoom only when there is one', () => {
    expect(
      buildHash(anchorLinkParams({ title: 'Average Genre CCU', zoom: null, granularity: 'month' })),
    ).toBe('#anchor=Average%20Genre%20CCU&granularity=month')
    const hash = buildHash(
      anchorLinkParams({
        title: 'CCU',
        zoom: { min: 1000.4, max: 2000.6 },
        granularity: 'hour',
        tab: 'visits',
      }),
    )
    expect(hash).toBe('#anchor=CCU&graphMin=1000&graphMax=2001&granularity=hour&tab=visits')
  })

  it('round-trips through the address to the same view', () => {
    const params = anchorLinkParams({
      title: 'Average Genre CCU',
      zoom: { min: 5, max: 9 },
      granularity: 'week',
    })
    expect(anchoredView(parseHashParams(buildHash(params)), 'Average Genre CCU')).toEqual({
      zoom: { min: 5, max: 9 },
      granularity: 'week',
    })
  })

  it('spread over a hash, clears the keys of another chart’s anchor', () => {
    const current = { anchor: 'CCU', graphMin: '1', graphMax: '2', tab: 'visits', search: 'x' }
    expect(
      buildHash({ ...current, ...anchorLinkParams({ title: 'B', zoom: null, granularity: 'day' }) }),
    ).toBe('#anchor=B&search=x&granularity=day')
  })
})

describe('parseAnchorTime', () => {
  it('reads epoch ms and ISO dates, and ignores anything else', () => {
    expect(parseAnchorTime('1700000000000')).toBe(1_700_000_000_000)
    expect(parseAnchorTime(' 2026-01-01 ')).toBe(Date.UTC(2026, 0, 1))
    expect(parseAnchorTime('soon')).toBeNull()
    expect(parseAnchorTime('')).toBeNull()
    expect(parseAnchorTime(undefined)).toBeNull()
  })
})
