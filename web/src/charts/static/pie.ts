/** Ring slices of a pie trace in a 1000 × 1000 square (y down, like SVG). */

export interface PieSlice {
  /** SVG path of the slice (an annulus sector when the pie has a hole). */
  readonly d: string
  /** Share of the total, 0 to 1. */
  readonly share: number
  /** Centre of the slice's ring band, for its text. */
  readonly labelX: number
  readonly labelY: number
  readonly index: number
}

const r3 = (n: number) => Math.round(n * 1000) / 1000

/** A point at `angle` radians, measured clockwise from 12 o'clock. */
function at(cx: number, cy: number, r: number, angle: number): [number, number] {
  return [cx + r * Math.sin(angle), cy - r * Math.cos(angle)]
}

/**
 * The slices of a pie, as Plotly draws one with sort off: in order, the first starting at 12 o'clock
 * turned by `rotation` degrees, going `direction`. Zero and negative values take no slice.
 */
export function pieSlices(
  values: readonly number[],
  options: {
    cx: number
    cy: number
    radius: number
    hole?: number
    rotation?: number
    direction?: 'clockwise' | 'counterclockwise'
  },
): PieSlice[] {
  const { cx, cy, radius } = options
  const inner = radius * (options.hole ?? 0)
  const sign = options.direction === 'counterclockwise' ? -1 : 1
  const total = values.reduce((s, v) => s + Math.max(v, 0), 0)
  if (!(total > 0)) return []
  const out: PieSlice[] = []
  let angle = ((options.rotation ?? 0) * Math.PI) / 180
  values.forEach((v, index) => {
    if (!(v > 0)) return
    const share = v / total
    const sweep = share * 2 * Math.PI * sign
    const end = angle + sweep
    let d: string
    if (share >= 0.999999) {
      // A full ring: two half arcs (one arc cannot start and end at the same point).
      const [ax, ay] = at(cx, cy, radius, 0)
      const [bx, by] = at(cx, cy, radius, Math.PI)
      d = `M${r3(ax)},${r3(ay)}A${r3(radius)},${r3(radius)} 0 1 1 ${r3(bx)},${r3(by)}A${r3(radius)},${r3(radius)} 0 1 1 ${r3(ax)},${r3(ay)}Z`
      if (inner > 0) {
        const [cx0, cy0] = at(cx, cy, inner, 0)
        const [dx0, dy0] = at(cx, cy, inner, Math.PI)
        d += `M${r3(cx0)},${r3(cy0)}A${r3(inner)},${r3(inner)} 0 1 0 ${r3(dx0)},${r3(dy0)}A${r3(inner)},${r3(inner)} 0 1 0 ${r3(cx0)},${r3(cy0)}Z`
      }
    } else {
      const large = Math.abs(sweep) > Math.PI ? 1 : 0
      const sweepFlag = sign > 0 ? 1 : 0
      const [x0, y0] = at(cx, cy, radius, angle)
      const [x1, y1] = at(cx, cy, radius, end)
      d = `M${r3(x0)},${r3(y0)}A${r3(radius)},${r3(radius)} 0 ${large} ${sweepFlag} ${r3(x1)},${r3(y1)}`
      if (inner > 0) {
        const [x2, y2] = at(cx, cy, inner, end)
        const [x3, y3] = at(cx, cy, inner, angle)
        d += `L${r3(x2)},${r3(y2)}A${r3(inner)},${r3(inner)} 0 ${large} ${1 - sweepFlag} ${r3(x3)},${r3(y3)}Z`
      } else d += `L${r3(cx)},${r3(cy)}Z`
    }
    const [labelX, labelY] = at(cx, cy, (radius + inner) / 2, angle + sweep / 2)
    out.push({ d, share, labelX: r3(labelX), labelY: r3(labelY), index })
    angle = end
  })
  return out
}

/** A slice's percentage as Plotly prints it: three significant digits, trailing zeros dropped. */
export function formatPiePercent(share: number): string {
  let text = (share * 100).toPrecision(3)
  if (text.includes('.') && !text.includes('e')) text = text.replace(/\.?0+$/, '')
  return `${text}%`
}
