import type { Data } from 'plotly.js'
import { wholePoints } from './in-progress.ts'

type Row = readonly number[]

/** A colour at a fraction of its opacity, for the band (the theme's series colours are hex). */
export function faint(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  if (!m) return hex
  return `rgba(${Number.parseInt(m[1]!, 16)}, ${Number.parseInt(m[2]!, 16)}, ${Number.parseInt(m[3]!, 16)}, ${alpha})`
}

/**
 * The interquartile band of a tag average (part 2 §3: lower and upper bounds per point), drawn under
 * the line over the whole periods: the upper bound's invisible line, then the lower one filled up to it.
 */
export function bandTraces(
  rows: readonly Row[],
  partialFrom: number | null,
  color: string,
  text?: (v: number) => string,
  /** Whose band, when a chart draws more than one (the tag's name). */
  owner?: string,
): Data[] {
  const whole = wholePoints(rows as readonly (readonly [number, ...number[]])[], partialFrom).filter(
    (r) => r.length >= 4,
  )
  if (whole.length === 0) return []
  const x = whole.map((r) => r[0])
  const common = {
    type: 'scatter',
    mode: 'lines',
    x,
    line: { width: 0 },
    showlegend: false,
    connectgaps: false,
  }
  const fmt = (v: number) => (text ? text(v) : v.toLocaleString('en-US'))
  return [
    {
      ...common,
      name: owner ? `${owner} upper quartile` : 'Upper quartile',
      y: whole.map((r) => r[3]),
      hovertemplate: `${owner ? `${owner} upper` : 'Upper'} quartile: %{text}<extra></extra>`,
      text: whole.map((r) => fmt(r[3] ?? 0)),
    } as Data,
    {
      ...common,
      name: owner ? `${owner} lower quartile` : 'Lower quartile',
      y: whole.map((r) => r[2]),
      fill: 'tonexty',
      fillcolor: faint(color, 0.18),
      hovertemplate: `${owner ? `${owner} lower` : 'Lower'} quartile: %{text}<extra></extra>`,
      text: whole.map((r) => fmt(r[2] ?? 0)),
    } as Data,
  ]
}
