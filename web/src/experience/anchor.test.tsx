import { describe, expect, it } from 'vitest'
import { tabFromHash, zoomFromRelayout } from './anchor.ts'

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
