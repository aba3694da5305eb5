import { unescapeMarkup } from '@ludex/schemas'
import type { Data, Layout } from 'plotly.js'
import { formatPiePercent, pieSlices } from './pie.ts'
import { dateTicks, numberTicks, type Tick, targetTickCount } from './ticks.ts'

/**
 * A Plotly figure (the subset the app draws: scatter lines and areas, vertical and horizontal bars, pies
 * with holes) turned into plain geometry for the static chart. Positions are fractions of the plot area
 * (x from the left, y from the bottom), so the markup scales with CSS and needs no measuring: the same
 * on the server and in the browser.
 */

/** A trace colour: a colorway slot (drawn with a CSS class, so it follows the colour scheme) or a literal. */
export type Paint = { readonly slot: number } | { readonly color: string }

export interface PositionedTick extends Tick {
  /** 0 to 1 along the axis. */
  readonly at: number
}

export interface AxisModel {
  readonly kind: 'date' | 'linear' | 'category'
  readonly min: number
  readonly max: number
  readonly ticks: readonly PositionedTick[]
  readonly title?: string
  /** Automatic ticks, which may thin out on narrow charts (explicit dtick or tickvals never do). */
  readonly auto: boolean
  /** Where the zero line sits (0 to 1), when zero is inside a numeric range. */
  readonly zero?: number
}

export interface LineSeries {
  readonly kind: 'line'
  readonly paint: Paint
  /** Path in the 1000 × 1000 plot box (y down); empty when no two neighbours are present. */
  readonly d: string
  /** The closed area under the line for fill 'tozeroy'. */
  readonly fill?: string
  readonly fillColor?: string
  /** Zero-length round-capped segments: one dot per point. */
  readonly markers?: string
  readonly markerSize: number
  readonly width: number
  readonly dash?: 'dot' | 'dash'
  readonly opacity: number
}

export interface BarRect {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
  readonly text?: string
}

export interface BarSeries {
  readonly kind: 'bars'
  readonly paint: Paint
  /** Per-bar literal colours (marker.color as an array). */
  readonly colors?: readonly (string | undefined)[]
  readonly rects: readonly BarRect[]
  readonly opacity: number
}

export interface VLine {
  readonly at: number
  readonly color: string
  readonly width: number
  readonly dash: 'dot' | 'dash' | 'solid'
}

/**
 * A marker's flag at the top of the plot (a Plotly annotation on x with yref 'paper', as the detail
 * charts draw their markers): its glyph and colour, and its hover text as the flag's title.
 */
export interface Flag {
  readonly at: number
  readonly symbol: string
  readonly color: string
  readonly title: string
}

export interface LegendItem {
  readonly name: string
  readonly paint: Paint
  readonly symbol: 'line' | 'box'
  readonly dash?: 'dot' | 'dash'
}

export interface Margin {
  readonly l: number
  readonly r: number
  readonly t: number
  readonly b: number
}

export interface CartesianModel {
  readonly kind: 'cartesian'
  readonly x: AxisModel
  readonly y: AxisModel
  readonly series: readonly (LineSeries | BarSeries)[]
  readonly shapes: readonly VLine[]
  readonly flags: readonly Flag[]
  readonly legend: readonly LegendItem[]
  readonly margin: Margin
}

export interface PieRing {
  readonly opacity: number
  readonly slices: readonly {
    readonly d: string
    readonly paint: Paint
    readonly text?: { readonly x: number; readonly y: number; readonly value: string }
  }[]
}

export interface PieModel {
  readonly kind: 'pie'
  readonly rings: readonly PieRing[]
  readonly legend: readonly LegendItem[]
  readonly legendSide: 'right' | 'bottom'
  readonly margin: Margin
}

export type StaticModel = CartesianModel | PieModel

/** What the model needs to know of the box: its large height, and colours that are colorway slots. */
export interface ModelOptions {
  readonly height: number
  /** Maps a literal colour to a colorway slot (pie slice colours computed from a scheme's palette). */
  readonly slotOfColor?: (color: string) => number | undefined
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {})
const arr = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : [])
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)

const DEFAULT_MARGIN: Margin = { l: 48, r: 16, t: 16, b: 40 }
const CHAR_PX = 7
const VIEW = 1000
const round = (n: number) => Math.round(n * 100) / 100

/** A date as Plotly reads one: Date, epoch ms, or an ISO-like string (a space for the T, UTC). */
export function dateValue(v: unknown): number | null {
  if (v instanceof Date) return Number.isFinite(v.getTime()) ? v.getTime() : null
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v !== 'string' || v === '') return null
  let s = v.trim().replace(' ', 'T')
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(s)) s += 'Z'
  const t = Date.parse(s)
  return Number.isFinite(t) ? t : null
}

/** Plotly's annotation markup as plain text: tags dropped, references read back. */
export function plainText(markup: string): string {
  return unescapeMarkup(markup.replace(/<[^>]*>/g, ''))
}

const looksLikeDate = (v: unknown) => v instanceof Date || (typeof v === 'string' && /^\d{4}-\d{2}/.test(v))

function titleOf(axis: Obj): string | undefined {
  const t = axis.title
  return str(t) ?? str(obj(t).text)
}

/** The axis kind: the layout's type, else guessed from the first value as Plotly does. */
function axisKind(axis: Obj, values: readonly unknown[]): AxisModel['kind'] {
  const type = str(axis.type)
  if (type === 'date' || type === 'category' || type === 'linear') return type
  const first = values.find((v) => v !== null && v !== undefined)
  if (looksLikeDate(first)) return 'date'
  if (typeof first === 'string' && !Number.isFinite(Number(first))) return 'category'
  return 'linear'
}

class Categories {
  readonly list: string[] = []
  index(v: unknown): number {
    const key = String(v)
    let i = this.list.indexOf(key)
    if (i < 0) i = this.list.push(key) - 1
    return i
  }
}

function toValue(v: unknown, kind: AxisModel['kind'], cats: Categories): number | null {
  if (v === null || v === undefined) return null
  if (kind === 'date') return dateValue(v)
  if (kind === 'category') return cats.index(v)
  const n = typeof v === 'number' ? v : Number(v)
  return Number.isFinite(n) ? n : null
}

/**
 * Stacks bar values per position as Plotly's barmode 'relative' does: positives upwards from zero,
 * negatives downwards from zero, in trace order. Returns [from, to] per trace and point.
 */
export function stackRelative(
  traces: readonly { readonly pos: readonly number[]; readonly size: readonly (number | null)[] }[],
): [number, number][][] {
  const up = new Map<number, number>()
  const down = new Map<number, number>()
  return traces.map((t) =>
    t.pos.map((p, i) => {
      const v = t.size[i] ?? 0
      const stack = v >= 0 ? up : down
      const from = stack.get(p) ?? 0
      stack.set(p, from + v)
      return v >= 0 ? [from, from + v] : [from + v, from]
    }),
  )
}

/** Splits points at null values and at non-finite ones: each run is drawn as one line. */
export function runs(points: readonly (readonly [number, number | null])[]): [number, number][][] {
  const out: [number, number][][] = []
  let cur: [number, number][] = []
  for (const [x, y] of points) {
    if (y === null || !Number.isFinite(y) || !Number.isFinite(x)) {
      if (cur.length) out.push(cur)
      cur = []
    } else cur.push([x, y])
  }
  if (cur.length) out.push(cur)
  return out
}

/** SVG path data of a line with breaks at the nulls, in the 1000-unit box (fx, fy give fractions). */
export function linePath(
  points: readonly (readonly [number, number | null])[],
  fx: (x: number) => number,
  fy: (y: number) => number,
): string {
  return runs(points)
    .filter((r) => r.length > 1)
    .map((r) =>
      r.map(([x, y], i) => `${i ? 'L' : 'M'}${round(fx(x) * VIEW)},${round((1 - fy(y)) * VIEW)}`).join(''),
    )
    .join('')
}

/** The closed area between each run of the line and y = 0. */
/**
 * The closed area between a line and the one drawn before it (fill 'tonexty': a tag's interquartile
 * band, its upper bound first): along the previous line, then back along this one.
 */
export function bandPath(
  previous: readonly (readonly [number, number | null])[],
  points: readonly (readonly [number, number | null])[],
  fx: (x: number) => number,
  fy: (y: number) => number,
): string {
  const drawn = (p: readonly (readonly [number, number | null])[]) =>
    p.filter((q): q is readonly [number, number] => q[1] !== null && Number.isFinite(q[0]))
  const upper = drawn(previous)
  const lower = drawn(points).reverse()
  if (upper.length < 2 || lower.length < 2) return ''
  const at = ([x, y]: readonly [number, number]) => `${round(fx(x) * VIEW)},${round((1 - fy(y)) * VIEW)}`
  return `M${upper.map(at).join('L')}L${lower.map(at).join('L')}Z`
}

export function areaPath(
  points: readonly (readonly [number, number | null])[],
  fx: (x: number) => number,
  fy: (y: number) => number,
): string {
  const zero = round((1 - fy(0)) * VIEW)
  return runs(points)
    .filter((r) => r.length > 1)
    .map((r) => {
      const first = r[0] as [number, number]
      const last = r[r.length - 1] as [number, number]
      const line = r.map(([x, y]) => `L${round(fx(x) * VIEW)},${round((1 - fy(y)) * VIEW)}`).join('')
      return `M${round(fx(first[0]) * VIEW)},${zero}${line}L${round(fx(last[0]) * VIEW)},${zero}Z`
    })
    .join('')
}

/** Extends a data range the way Plotly's autorange does: to zero if asked, 5 % padding on padded ends. */
export function autorange(
  lo: number,
  hi: number,
  options: { tozero?: boolean; padded?: boolean; date?: boolean },
): [number, number] {
  if (!(hi >= lo)) return [0, 1]
  let a = lo
  let b = hi
  let padLo = options.padded ?? false
  let padHi = padLo
  if (options.tozero) {
    if (a >= 0) {
      a = 0
      padLo = false
    }
    if (b <= 0) {
      b = 0
      padHi = false
    }
  }
  if (a === b) {
    const d = options.date ? 86_400_000 : a === 0 ? 1 : Math.abs(a) * 0.5
    return options.tozero && a === 0 ? [0, d] : [a - d, b + d]
  }
  const sides = (padLo ? 1 : 0) + (padHi ? 1 : 0)
  const pad = ((b - a) * 0.05) / (1 - 0.05 * sides)
  return [padLo ? a - pad : a, padHi ? b + pad : b]
}

function rangeOf(axis: Obj, kind: AxisModel['kind'], cats: Categories): [number, number] | null {
  const r = arr(axis.range)
  if (r.length !== 2 || axis.autorange === true) return null
  const a = toValue(r[0], kind, cats)
  const b = toValue(r[1], kind, cats)
  return a !== null && b !== null && b > a ? [a, b] : null
}

/** The colour of a trace: literal if it gives one, else its colorway slot. */
function paintOf(color: unknown, slot: number, slotOfColor?: ModelOptions['slotOfColor']): Paint {
  const c = str(color)
  if (c) {
    const s = slotOfColor?.(c)
    return s === undefined ? { color: c } : { slot: s }
  }
  return { slot }
}

function dashOf(v: unknown): 'dot' | 'dash' | undefined {
  return v === 'dot' || v === 'dash' ? v : undefined
}

function legendShown(layout: Obj, items: number, hasPie: boolean): boolean {
  if (layout.showlegend === false) return false
  if (layout.showlegend === true) return true
  return items > 1 || hasPie
}

function margins(layout: Obj): Margin {
  const m = obj(layout.margin)
  return {
    l: num(m.l) ?? DEFAULT_MARGIN.l,
    r: num(m.r) ?? DEFAULT_MARGIN.r,
    t: num(m.t) ?? DEFAULT_MARGIN.t,
    b: num(m.b) ?? DEFAULT_MARGIN.b,
  }
}

function ticksFor(
  axis: Obj,
  kind: AxisModel['kind'],
  min: number,
  max: number,
  count: number,
  cats: Categories,
): Tick[] {
  const suffix = str(axis.ticksuffix) ?? ''
  const vals = arr(axis.tickvals)
  if (vals.length > 0) {
    const texts = arr(axis.ticktext)
    return vals.flatMap((v, i) => {
      const value = toValue(v, kind, cats)
      if (value === null) return []
      return [{ value, label: `${String(texts[i] ?? v)}${suffix}` }]
    })
  }
  if (kind === 'category') return cats.list.map((label, value) => ({ value, label: `${label}${suffix}` }))
  if (kind === 'date') return dateTicks(min, max, count)
  const dtick = num(axis.dtick)
  return numberTicks(min, max, count, { ...(dtick !== undefined ? { dtick } : {}), suffix })
}

function axisModel(
  axis: Obj,
  kind: AxisModel['kind'],
  range: [number, number],
  count: number,
  cats: Categories,
): AxisModel {
  const [min, max] = range
  const span = max - min
  const ticks = ticksFor(axis, kind, min, max, count, cats)
    .map((t) => ({ ...t, at: (t.value - min) / span }))
    .filter((t) => t.at >= -1e-9 && t.at <= 1 + 1e-9)
  const title = titleOf(axis)
  return {
    kind,
    min,
    max,
    ticks,
    auto: kind !== 'category' && arr(axis.tickvals).length === 0 && num(axis.dtick) === undefined,
    ...(title ? { title } : {}),
    ...(kind !== 'category' && min < 0 && max > 0 ? { zero: -min / span } : {}),
  }
}

interface BarInput {
  readonly trace: Obj
  readonly slot: number
  readonly horizontal: boolean
  /** Position (category or x) per bar. */
  readonly pos: number[]
  /** Bar length per bar. */
  readonly size: (number | null)[]
  readonly base: (number | null)[]
  readonly width: (number | undefined)[]
}

/** The static model of a figure; null when nothing in it can be drawn statically. */
export function staticModel(
  data: readonly Data[],
  layoutIn: Partial<Layout>,
  options: ModelOptions,
): StaticModel | null {
  const layout = layoutIn as Obj
  const traces = data.map((d) => d as unknown as Obj).filter((t) => t.visible !== false)
  if (traces.length === 0) return null
  if (traces.every((t) => t.type === 'pie')) return pieModel(traces, layout, options)
  return cartesianModel(traces, layout, options)
}

function pieModel(traces: readonly Obj[], layout: Obj, options: ModelOptions): PieModel {
  const rings: PieRing[] = []
  const legend: LegendItem[] = []
  traces.forEach((t) => {
    const values = arr(t.values).map((v) => num(v) ?? 0)
    const labels = arr(t.labels).map(String)
    const domain = obj(t.domain)
    const dx = arr(domain.x).map((v) => num(v) ?? 0)
    const dy = arr(domain.y).map((v) => num(v) ?? 0)
    const [x0, x1] = dx.length === 2 ? (dx as [number, number]) : [0, 1]
    const [y0, y1] = dy.length === 2 ? (dy as [number, number]) : [0, 1]
    const radius = (Math.min(x1 - x0, y1 - y0) / 2) * VIEW
    const colors = arr(obj(t.marker).colors)
    const textinfo = str(t.textinfo) ?? 'percent'
    const showText = textinfo.includes('percent')
    const slices = pieSlices(values, {
      cx: ((x0 + x1) / 2) * VIEW,
      cy: (1 - (y0 + y1) / 2) * VIEW,
      radius,
      hole: num(t.hole) ?? 0,
      rotation: num(t.rotation) ?? 0,
      direction: t.direction === 'counterclockwise' ? 'counterclockwise' : 'clockwise',
    })
    rings.push({
      opacity: num(t.opacity) ?? 1,
      slices: slices.map((s) => ({
        d: s.d,
        paint: paintOf(colors[s.index], s.index, options.slotOfColor),
        // Plotly hides text that does not fit its slice; a slice under ~4 % has no room at this size.
        ...(showText && s.share >= 0.04
          ? { text: { x: s.labelX, y: s.labelY, value: formatPiePercent(s.share) } }
          : {}),
      })),
    })
    if (t.showlegend !== false)
      labels.forEach((name, i) => {
        if ((values[i] ?? 0) > 0 && !legend.some((l) => l.name === name))
          legend.push({ name, paint: paintOf(colors[i], i, options.slotOfColor), symbol: 'box' })
      })
  })
  const vertical = obj(layout.legend).orientation === 'v'
  return {
    kind: 'pie',
    rings,
    legend: legendShown(layout, legend.length, true) ? legend : [],
    legendSide: vertical ? 'right' : 'bottom',
    margin: margins(layout),
  }
}

function cartesianModel(traces: readonly Obj[], layout: Obj, options: ModelOptions): CartesianModel {
  const xaxis = obj(layout.xaxis)
  const yaxis = obj(layout.yaxis)
  const barTraces = traces.filter((t) => t.type === 'bar')
  const horizontal = (t: Obj) => t.type === 'bar' && t.orientation === 'h'
  // The values each axis sees, for guessing its type.
  const xSeen = traces.flatMap((t) => (horizontal(t) ? arr(t.base).slice(0, 1) : arr(t.x).slice(0, 1)))
  const ySeen = traces.flatMap((t) => arr(t.y).slice(0, 1))
  const xKind = axisKind(xaxis, xSeen)
  const yKind = axisKind(yaxis, ySeen)
  const xCats = new Categories()
  const yCats = new Categories()

  // Bars first: their positions and sizes (stacked when relative), in data units.
  const bargap = num(layout.bargap) ?? 0.2
  const barmode = str(layout.barmode) ?? 'group'
  const bars: BarInput[] = []
  traces.forEach((t, slot) => {
    if (t.type !== 'bar') return
    const h = horizontal(t)
    const posVals = arr(h ? t.y : t.x)
    const sizeVals = arr(h ? t.x : t.y)
    const posKind = h ? yKind : xKind
    const posCats = h ? yCats : xCats
    const widths = Array.isArray(t.width) ? arr(t.width) : []
    const width = num(t.width)
    const baseVals = arr(t.base)
    const sizeKind = h ? xKind : yKind
    bars.push({
      trace: t,
      slot,
      horizontal: h,
      pos: posVals.map((v) => toValue(v, posKind, posCats) ?? Number.NaN),
      // A date bar's length is a duration: plain ms, never parsed as a date.
      size: sizeVals.map((v) =>
        typeof v === 'number' ? v : toValue(v, sizeKind === 'date' ? 'linear' : sizeKind, new Categories()),
      ),
      base: posVals.map((_, i) =>
        baseVals.length ? toValue(baseVals[i], sizeKind, new Categories()) : null,
      ),
      width: posVals.map((_, i) => num(widths[i]) ?? width),
    })
  })
  const stacked =
    barmode === 'relative' || barmode === 'stack'
      ? stackRelative(bars.map((b) => ({ pos: b.pos, size: b.size })))
      : bars.map((b) =>
          b.size.map((v, i): [number, number] => {
            const base = b.base[i] ?? 0
            return [Math.min(base, base + (v ?? 0)), Math.max(base, base + (v ?? 0))]
          }),
        )
  // Auto width: the smallest distance between positions, less the gap; groups share it.
  const positions = [...new Set(bars.flatMap((b) => b.pos.filter(Number.isFinite)))].sort((a, b) => a - b)
  let minDiff = Number.POSITIVE_INFINITY
  for (let i = 1; i < positions.length; i += 1)
    minDiff = Math.min(minDiff, (positions[i] ?? 0) - (positions[i - 1] ?? 0))
  if (!Number.isFinite(minDiff)) minDiff = 1
  const grouped = barmode === 'group' ? Math.max(1, bars.length) : 1

  interface Placed {
    readonly input: BarInput
    readonly spans: { p0: number; p1: number; s0: number; s1: number; i: number }[]
  }
  const placed: Placed[] = bars.map((b, bi) => ({
    input: b,
    spans: b.pos.flatMap((p, i) => {
      if (!Number.isFinite(p) || b.size[i] === null) return []
      const full = b.width[i] ?? minDiff * (1 - bargap)
      const w = full / grouped
      const offset = grouped > 1 ? -full / 2 + w * bi + w / 2 : 0
      const [s0, s1] = stacked[bi]?.[i] ?? [0, 0]
      return [{ p0: p + offset - w / 2, p1: p + offset + w / 2, s0, s1, i }]
    }),
  }))

  // Lines: points in data units.
  const lines = traces
    .map((t, slot) => ({ t, slot }))
    .filter(({ t }) => t.type === 'scatter' || t.type === 'scattergl' || t.type === undefined)
    .map(({ t, slot }) => {
      const xs = arr(t.x)
      const ys = arr(t.y)
      const points = xs.map((x, i): [number, number | null] => [
        toValue(x, xKind, xCats) ?? Number.NaN,
        toValue(ys[i], yKind, yCats),
      ])
      return { t, slot, points }
    })

  // Ranges: the layout's (zoom from anchor links and range buttons) or Plotly's autorange.
  const xs: number[] = []
  const ys: number[] = []
  let yToZero = false
  let yPadded = false
  let xPadded = false
  for (const l of lines) {
    for (const [x, y] of l.points) {
      if (Number.isFinite(x)) xs.push(x)
      if (y !== null && Number.isFinite(y)) ys.push(y)
    }
    yPadded = true
    if (l.t.fill === 'tozeroy') yToZero = true
  }
  for (const p of placed)
    for (const s of p.spans) {
      const [pos, size] = p.input.horizontal ? [ys, xs] : [xs, ys]
      pos.push(s.p0, s.p1)
      size.push(s.s0, s.s1)
      if (p.input.horizontal) xPadded = true
      else {
        yPadded = true
        yToZero = true
      }
    }
  const extent = (v: number[]): [number, number] =>
    v.length ? [v.reduce((a, b) => Math.min(a, b)), v.reduce((a, b) => Math.max(a, b))] : [0, 1]
  // The base layout's y axis reaches to zero unless the chart says otherwise.
  const yRangemode = str(yaxis.rangemode) ?? 'tozero'
  const xRange =
    rangeOf(xaxis, xKind, xCats) ??
    (xKind === 'category' && !barTraces.some((t) => !horizontal(t))
      ? [-0.5, Math.max(0, xCats.list.length - 1) + 0.5]
      : autorange(...extent(xs), {
          padded: xPadded,
          date: xKind === 'date',
          tozero: xKind === 'linear' && str(xaxis.rangemode) === 'tozero',
        }))
  const yRange =
    rangeOf(yaxis, yKind, yCats) ??
    (yKind === 'category'
      ? [-0.5, Math.max(0, yCats.list.length - 1) + 0.5]
      : autorange(...extent(ys), {
          padded: yPadded,
          tozero: yToZero || yRangemode === 'tozero' || yRangemode === 'nonnegative',
        }))

  const height = options.height
  const margin0 = margins(layout)
  const plotHeight = Math.max(100, height - margin0.t - margin0.b)
  const x = axisModel(xaxis, xKind, xRange, targetTickCount(600, 'x'), xCats)
  const y = axisModel(yaxis, yKind, yRange, targetTickCount(plotHeight, 'y'), yCats)
  const fx = (v: number) => (v - x.min) / (x.max - x.min)
  const fy = (v: number) => (v - y.min) / (y.max - y.min)

  const series: (LineSeries | BarSeries)[] = []
  for (const [i, l] of lines.entries()) {
    const previous = i > 0 ? lines[i - 1] : undefined
    const line = obj(l.t.line)
    const marker = obj(l.t.marker)
    const mode = str(l.t.mode) ?? 'lines'
    const paint = paintOf(line.color ?? marker.color, l.slot)
    const visible = l.points.filter(([px, py]) => py !== null && Number.isFinite(px))
    const markers = mode.includes('markers')
      ? visible.map(([px, py]) => `M${round(fx(px) * VIEW)},${round((1 - fy(py ?? 0)) * VIEW)}h0`).join('')
      : undefined
    const dash = dashOf(line.dash)
    series.push({
      kind: 'line',
      paint,
      d: mode.includes('lines') ? linePath(l.points, fx, fy) : '',
      ...(l.t.fill === 'tozeroy' ? { fill: areaPath(l.points, fx, fy) } : {}),
      ...(l.t.fill === 'tonexty' && previous ? { fill: bandPath(previous.points, l.points, fx, fy) } : {}),
      ...(str(l.t.fillcolor) ? { fillColor: str(l.t.fillcolor) } : {}),
      ...(markers ? { markers } : {}),
      markerSize: num(marker.size) ?? 6,
      width: num(line.width) ?? 2,
      ...(dash ? { dash } : {}),
      opacity: num(l.t.opacity) ?? 1,
    })
  }
  for (const p of placed) {
    const t = p.input.trace
    const marker = obj(t.marker)
    const colorArray = Array.isArray(marker.color) ? arr(marker.color).map(str) : undefined
    const texts = arr(t.text)
    const rects = p.spans.map((s): BarRect => {
      const [x0, x1, y0, y1] = p.input.horizontal
        ? [fx(s.s0), fx(s.s1), fy(s.p0), fy(s.p1)]
        : [fx(s.p0), fx(s.p1), fy(s.s0), fy(s.s1)]
      const text = str(texts[s.i])
      return {
        x: round(x0 * VIEW),
        y: round((1 - y1) * VIEW),
        w: round((x1 - x0) * VIEW),
        h: round((y1 - y0) * VIEW),
        ...(text ? { text } : {}),
      }
    })
    series.push({
      kind: 'bars',
      paint: paintOf(marker.color, p.input.slot),
      ...(colorArray ? { colors: colorArray } : {}),
      rects,
      opacity: num(t.opacity) ?? 1,
    })
  }

  const shapes: VLine[] = arr(layout.shapes).flatMap((raw) => {
    const s = obj(raw)
    if (s.type !== 'line' || s.yref !== 'paper') return []
    const x0 = toValue(s.x0, xKind, xCats)
    if (x0 === null) return []
    const at = fx(x0)
    if (at < 0 || at > 1) return []
    const line = obj(s.line)
    const dash = dashOf(line.dash) ?? 'solid'
    return [{ at, color: str(line.color) ?? '#868e96', width: num(line.width) ?? 2, dash }]
  })

  const flags: Flag[] = arr(layout.annotations).flatMap((raw) => {
    const a = obj(raw)
    if (a.xref !== 'x' || a.yref !== 'paper') return []
    const x0 = toValue(a.x, xKind, xCats)
    if (x0 === null) return []
    const at = fx(x0)
    if (at < 0 || at > 1) return []
    const symbol = plainText(str(a.text) ?? '')
    if (!symbol) return []
    const color = str(obj(a.font).color) ?? '#868e96'
    return [{ at, symbol, color, title: plainText(str(a.hovertext) ?? '') }]
  })

  const legendItems: LegendItem[] = traces.flatMap((t, slot) => {
    if (t.showlegend === false) return []
    const bar = t.type === 'bar'
    const dash = bar ? undefined : dashOf(obj(t.line).dash)
    const paint = bar
      ? paintOf(obj(t.marker).color, slot)
      : paintOf(obj(t.line).color ?? obj(t.marker).color, slot)
    return [
      {
        name: str(t.name) ?? `trace ${slot}`,
        paint,
        symbol: bar ? 'box' : 'line',
        ...(dash ? { dash } : {}),
      },
    ]
  })

  // Plotly's automargin: room for the longest y label (about 7 px a character at 12 px) and the titles.
  const longestY = y.ticks.reduce((m, t) => Math.max(m, t.label.length), 0)
  const margin: Margin = {
    ...margin0,
    l: Math.max(margin0.l, longestY * CHAR_PX + 10 + (y.title ? 22 : 0)),
    b: margin0.b + (x.title ? 20 : 0),
  }
  return {
    kind: 'cartesian',
    x,
    y,
    series,
    shapes,
    flags,
    legend: legendShown(layout, legendItems.length, false) ? legendItems : [],
    margin,
  }
}
