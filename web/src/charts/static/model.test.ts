import type { Data, Layout } from 'plotly.js'
import { describe, expect, it } from 'vitest'
import {
  autorange,
  bandPath,
  type CartesianModel,
  linePath,
  type PieModel,
  plainText,
  stackRelative,
  staticModel,
} from './model.ts'

const DAY = 86_400_000
const T0 = Date.UTC(2025, 9, 1)
const fx = (x: number) => x / 10
const fy = (y: number) => y / 100

describe('paths', () => {
  it('closes a band along the line before it and back along its own (tonexty)', () => {
    const upper = [
      [0, 30],
      [10, 40],
    ] as const
    const lower = [
      [0, 10],
      [10, null],
      [10, 20],
    ] as const
    expect(bandPath(upper, lower, fx, fy)).toBe('M0,700L1000,600L1000,800L0,900Z')
    expect(bandPath(upper, [[0, 10]], fx, fy)).toBe('')
  })

  it('breaks the line at nulls and drops lone points', () => {
    const d = linePath(
      [
        [0, 10],
        [1, 20],
        [2, null],
        [3, 50],
        [4, null],
        [5, 30],
        [6, 40],
      ],
      fx,
      fy,
    )
    expect(d).toBe('M0,900L100,800M500,700L600,600')
  })
})

describe('relative bars', () => {
  it('stacks positives up and negatives down from zero per position', () => {
    const out = stackRelative([
      { pos: [1, 2], size: [5, 3] },
      { pos: [1, 2], size: [-2, 4] },
      { pos: [1, 2], size: [-1, -1] },
    ])
    expect(out).toEqual([
      [
        [0, 5],
        [0, 3],
      ],
      [
        [-2, 0],
        [3, 7],
      ],
      [
        [-3, -2],
        [-1, 0],
      ],
    ])
  })
})

describe('autorange', () => {
  it('pads 5 % of the axis on each free end, none at a zero it reaches to', () => {
    expect(autorange(10, 100, { padded: true })).toEqual([5, 105])
    const [lo, hi] = autorange(10, 100, { padded: true, tozero: true })
    expect(lo).toBe(0)
    expect(hi).toBeCloseTo(100 + 100 * (0.05 / 0.95))
  })
})

function cartesian(data: Data[], layout = {}): CartesianModel {
  const m = staticModel(data, layout, { height: 400 })
  if (m?.kind !== 'cartesian') throw new Error('not cartesian')
  return m
}

describe('staticModel', () => {
  it('honours the x range of the layout (zoom) and puts date ticks inside it', () => {
    const x = Array.from({ length: 60 }, (_, i) => new Date(T0 + i * DAY))
    const y = x.map((_, i) => i * 1000)
    const m = cartesian([{ type: 'scatter', mode: 'lines', x, y }], {
      xaxis: {
        type: 'date',
        range: [new Date(T0 + 10 * DAY).toISOString(), new Date(T0 + 20 * DAY).toISOString()],
      },
    })
    expect(m.x.min).toBe(T0 + 10 * DAY)
    expect(m.x.max).toBe(T0 + 20 * DAY)
    expect(m.x.ticks.every((t) => t.value >= m.x.min && t.value <= m.x.max)).toBe(true)
    // Two-day steps counted from 2000-01-01, as Plotly aligns them.
    expect(m.x.ticks[0]?.label).toBe('Oct 12')
    // Points outside the range are still in the path, clipped by the svg: x of the first is negative.
    const line = m.series[0]
    expect(line?.kind === 'line' && line.d.startsWith('M-1000,')).toBe(true)
  })

  it('draws tozeroy areas, a legend for several traces and y labels with k', () => {
    const x = [T0, T0 + DAY, T0 + 2 * DAY].map((t) => new Date(t).toISOString())
    const m = cartesian([
      { type: 'scatter', name: 'A', x, y: [1000, 20_000, 30_000], fill: 'tozeroy' },
      { type: 'scatter', name: 'B', x, y: [null, 5000, 6000], line: { dash: 'dot' } },
    ])
    expect(m.x.kind).toBe('date')
    expect(m.y.min).toBe(0)
    expect(m.y.ticks.map((t) => t.label)).toContain('10k')
    expect(m.series.map((s) => s.kind === 'line' && Boolean(s.fill))).toEqual([true, false])
    expect(m.legend.map((l) => [l.name, l.paint, l.dash])).toEqual([
      ['A', { slot: 0 }, undefined],
      ['B', { slot: 1 }, 'dot'],
    ])
  })

  it('stacks relative bars around zero with their literal colours', () => {
    const x = [T0, T0 + DAY]
    const m = cartesian(
      [
        { type: 'bar', name: 'Likes', x, y: [10, 20], marker: { color: '#12b886' } },
        { type: 'bar', name: 'Dislikes', x, y: [-5, -10], marker: { color: '#fa5252' } },
      ],
      { barmode: 'relative', bargap: 0.1 },
    )
    expect(m.y.min).toBeLessThan(-10)
    expect(m.y.max).toBeGreaterThan(20)
    expect(m.y.zero).toBeDefined()
    const [likes, dislikes] = m.series
    expect(likes?.paint).toEqual({ color: '#12b886' })
    if (likes?.kind !== 'bars' || dislikes?.kind !== 'bars') throw new Error('bars')
    expect(likes.rects).toHaveLength(2)
    // Likes end at the zero line where dislikes begin.
    const zeroY = (1 - (m.y.zero ?? 0)) * 1000
    expect((likes.rects[0]?.y ?? 0) + (likes.rects[0]?.h ?? 0)).toBeCloseTo(zeroY, 1)
    expect(dislikes.rects[0]?.y).toBeCloseTo(zeroY, 1)
    // Bar width: 90 % of the spacing, a day wide axis of 2 days less the gap.
    expect(likes.rects[0]?.w).toBeGreaterThan(0)
  })

  it('lays horizontal gantt bars on category rows from their base dates', () => {
    const m = cartesian(
      [
        {
          type: 'bar',
          orientation: 'h',
          y: ['Top', 'Up', 'Top'],
          x: [DAY, 2 * DAY, DAY],
          base: [T0, T0 + DAY, T0 + 3 * DAY].map((t) => new Date(t).toISOString()),
          text: ['#1', '', '#3'],
        } as Data,
      ],
      { xaxis: { type: 'date' }, yaxis: { type: 'category' }, bargap: 0.3 },
    )
    expect(m.y.ticks.map((t) => t.label)).toEqual(['Top', 'Up'])
    expect(m.y.min).toBe(-0.5)
    expect(m.x.min).toBeLessThan(T0)
    expect(m.x.max).toBeGreaterThan(T0 + 4 * DAY)
    const bars = m.series[0]
    if (bars?.kind !== 'bars') throw new Error('bars')
    // Row 'Top' is the bottom band, 'Up' above it; 70 % of the band thick.
    expect(bars.rects[0]?.h).toBeCloseTo(350, 1)
    expect(bars.rects[1]?.y).toBeLessThan(bars.rects[0]?.y ?? 0)
    expect(bars.rects.map((r) => r.text)).toEqual(['#1', undefined, '#3'])
  })

  it('draws paper-high dashed shapes inside the range only', () => {
    const m = cartesian([{ type: 'scatter', x: [0, 10], y: [1, 2] }], {
      xaxis: { type: 'linear', range: [0, 10] },
      shapes: [
        {
          type: 'line',
          xref: 'x',
          yref: 'paper',
          x0: 5,
          x1: 5,
          y0: 0,
          y1: 1,
          line: { color: '#f00', dash: 'dot' },
        },
        { type: 'line', xref: 'x', yref: 'paper', x0: 50, x1: 50, y0: 0, y1: 1 },
      ],
    })
    expect(m.shapes).toEqual([{ at: 0.5, color: '#f00', width: 2, dash: 'dot' }])
  })

  it("draws the markers' flags (paper-high annotations) inside the range, their hover as plain text", () => {
    const flag = (x: number, text: string, hovertext: string, color = '#1098ad') => ({
      xref: 'x',
      yref: 'paper',
      x,
      y: 1,
      text,
      hovertext,
      font: { color },
    })
    const m = cartesian([{ type: 'scatter', x: [0, 10], y: [1, 2] }], {
      xaxis: { type: 'linear', range: [0, 10] },
      annotations: [
        flag(2, '<a href="#thumbnail-changes" target="_self">▣</a>', 'The icon &amp; banner &lt;new&gt;'),
        flag(8, '⚑', 'Daily pick', '#be4bdb'),
        flag(40, '⚑', 'outside the range'),
        { ...flag(5, '⚑', 'on the axis'), yref: 'y' },
      ],
    } as Partial<Layout>)
    expect(m.flags).toEqual([
      { at: 0.2, symbol: '▣', color: '#1098ad', title: 'The icon & banner <new>' },
      { at: 0.8, symbol: '⚑', color: '#be4bdb', title: 'Daily pick' },
    ])
    expect(plainText('a &quot;b&#34; &#39;c&#39; <b>d</b> &amp;lt;')).toBe('a "b" \'c\' d &lt;')
  })

  it('turns pies into rings with colorway slots for palette colours', () => {
    const m = staticModel(
      [
        {
          type: 'pie',
          labels: ['a', 'b'],
          values: [3, 1],
          hole: 0.35,
          marker: { colors: ['#4c6ef5', '#abc'] },
        },
        { type: 'pie', labels: ['a1', 'b1'], values: [1, 1], hole: 0.78, showlegend: false, opacity: 0.75 },
      ] as Data[],
      { legend: { orientation: 'v' } },
      { height: 400, slotOfColor: (c) => (c === '#4c6ef5' ? 0 : undefined) },
    ) as PieModel
    expect(m.kind).toBe('pie')
    expect(m.rings.map((r) => r.slices.length)).toEqual([2, 2])
    expect(m.rings[1]?.opacity).toBe(0.75)
    expect(m.rings[0]?.slices.map((s) => s.paint)).toEqual([{ slot: 0 }, { color: '#abc' }])
    expect(m.rings[0]?.slices[0]?.text?.value).toBe('75%')
    expect(m.legend.map((l) => l.name)).toEqual(['a', 'b'])
    expect(m.legendSide).toBe('right')
  })
})
