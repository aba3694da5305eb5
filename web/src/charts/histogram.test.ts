import { percentBuckets } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { histogramLayout, histogramTrace } from './histogram.ts'

describe('histogramTrace', () => {
  it('draws touching bars centred in their buckets', () => {
    const trace = histogramTrace(percentBuckets([1, 2, 7]), 'Experiences')
    expect(trace).toMatchObject({ type: 'bar', name: 'Experiences' })
    if (!('x' in trace) || !('width' in trace)) throw new Error('bar trace expected')
    expect((trace.x as number[]).slice(0, 2)).toEqual([2.5, 7.5])
    expect((trace.y as number[]).slice(0, 2)).toEqual([2, 1])
    expect(trace.width).toEqual(new Array(20).fill(5))
    expect(histogramLayout.bargap).toBe(0)
  })
})
