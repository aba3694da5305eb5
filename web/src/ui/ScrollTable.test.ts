import { describe, expect, it } from 'vitest'
import { overflowOf } from './ScrollTable.tsx'

const box = (
  scrollLeft: number,
  scrollWidth: number,
  clientWidth = 324,
  scrollHeight = 100,
  clientHeight = 100,
) => ({
  scrollLeft,
  scrollWidth,
  clientWidth,
  scrollHeight,
  clientHeight,
})

describe('what a table scroller hides', () => {
  it('nothing when the table fits', () => {
    expect(overflowOf(box(0, 324))).toEqual({ start: false, end: false, scrolls: false })
    // Sub-pixel rounding is not overflow.
    expect(overflowOf(box(0, 325))).toEqual({ start: false, end: false, scrolls: false })
  })

  it('more to the right at the start, to both sides in the middle, to the left at the end', () => {
    expect(overflowOf(box(0, 613))).toEqual({ start: false, end: true, scrolls: true })
    expect(overflowOf(box(100, 613))).toEqual({ start: true, end: true, scrolls: true })
    expect(overflowOf(box(289, 613))).toEqual({ start: true, end: false, scrolls: true })
  })

  it('reads a right-to-left scroller (negative scrollLeft) the same way', () => {
    expect(overflowOf(box(-289, 613))).toEqual({ start: true, end: false, scrolls: true })
  })

  it('scrolls when only a long table is cut by its height', () => {
    expect(overflowOf(box(0, 324, 324, 900, 320))).toEqual({ start: false, end: false, scrolls: true })
  })
})
