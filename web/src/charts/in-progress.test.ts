import { describe, expect, it } from 'vitest'
import { IN_PROGRESS_NOTE, inProgressTrace, isInProgress, lineParts, wholePoints } from './in-progress.ts'

const D = 86_400_000
const d0 = Date.UTC(2026, 4, 28, 1)
const day = (i: number) => d0 + i * D

describe('the bucket in progress', () => {
  it('is the one at or after the header’s time; none without it', () => {
    expect(isInProgress(day(3), day(3))).toBe(true)
    expect(isInProgress(day(2), day(3))).toBe(false)
    expect(isInProgress(day(9), null)).toBe(false)
    expect(
      wholePoints(
        [
          [day(1), 5],
          [day(2), 6],
          [day(3), 1],
        ],
        day(3),
      ),
    ).toEqual([
      [day(1), 5],
      [day(2), 6],
    ])
  })

  it('ends the solid line at the last whole day and joins the day in progress with a dotted tail', () => {
    const parts = lineParts(
      [
        [day(0), 250],
        [day(1), 300],
        [day(2), 150],
      ],
      'day',
      day(2),
    )
    // The null keeps the solid line from reaching the day in progress; its hover says so.
    expect(parts.main).toEqual([
      [day(0), 250],
      [day(1), 300],
      [day(2), null],
      [day(2), 150],
    ])
    expect(parts.notes).toEqual(['', '', '', IN_PROGRESS_NOTE])
    expect(parts.tail).toEqual([
      [day(1), 300],
      [day(2), 150],
    ])
  })

  it('draws a line of whole days alone when nothing is in progress, gaps as breaks', () => {
    const parts = lineParts(
      [
        [day(0), 1],
        [day(3), 2],
      ],
      'day',
      null,
    )
    expect(parts.main).toEqual([
      [day(0), 1],
      [day(1), null],
      [day(3), 2],
    ])
    expect(parts.tail).toEqual([])
  })

  it('does not join a day in progress across a gap', () => {
    const parts = lineParts(
      [
        [day(0), 1],
        [day(4), 2],
      ],
      'day',
      day(4),
    )
    expect(parts.tail).toEqual([[day(4), 2]])
    expect(inProgressTrace('CCU', parts.tail, '#4c6ef5')).toMatchObject({ mode: 'markers' })
  })

  it('draws the tail dotted in its line’s colour, out of the legend and the hover', () => {
    const trace = inProgressTrace(
      'CCU',
      [
        [day(1), 300],
        [day(2), 150],
      ],
      '#4c6ef5',
      { fill: true },
    )
    expect(trace).toMatchObject({
      mode: 'lines',
      name: 'CCU (in progress)',
      showlegend: false,
      hoverinfo: 'skip',
      line: { color: '#4c6ef5', dash: 'dot' },
      fill: 'tozeroy',
      fillcolor: 'rgba(76, 110, 245, 0.15)',
    })
  })
})
