import { describe, expect, it } from 'vitest'
import { anchoredView, tabFromHash, zoomFromRelayout } from './anchor.ts'

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

describe('tabFromHash', () => {
  it('takes a known tab and falls back to the default otherwise', () => {
    const tabs = ['ccu', 'visits', 'favorites'] as const
    expect(tabFromHash({ tab: 'visits' }, tabs, 'ccu')).toBe('visits')
    expect(tabFromHash({ tab: 'likes' }, tabs, 'ccu')).toBe('ccu')
    expect(tabFromHash({}, tabs, 'ccu')).toBe('ccu')
  })
})

describe('zoomFromRelayout', () => {
  it('reads Plotly range strings as UTC', () => {
    expect(
      zoomFromRelayout({ 'xaxis.range[0]': '2026-01-01 00:00', 'xaxis.range[1]': '2026-01-02 12:00:00.5' }),
    ).toEqual({
      min: Date.UTC(2026, 0, 1),
      max: Date.UTC(2026, 0, 2, 12, 0, 0, 500),
    })
    expect(zoomFromRelayout({ 'xaxis.autorange': true })).toBe('autorange')
    expect(zoomFromRelayout({ dragmode: 'pan' })).toBeNull()
  })
})
