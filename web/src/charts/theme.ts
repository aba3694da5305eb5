import type { MantineTheme } from '@mantine/core'
import type { Layout } from 'plotly.js'

export interface ChartColors {
  readonly text: string
  readonly muted: string
  readonly grid: string
  readonly line: string
  readonly hoverBg: string
  /** Trace colours in order (Plotly's colorway). */
  readonly series: readonly string[]
}

/**
 * The colorway's Mantine colours in order (shade 6 in light, 4 in dark); chart.module.css repeats them
 * as the static chart's .s0 to .s11 classes.
 */
export const COLORWAY = [
  'indigo',
  'teal',
  'orange',
  'grape',
  'cyan',
  'red',
  'lime',
  'pink',
  'yellow',
  'blue',
  'green',
  'violet',
] as const

/**
 * Chart colours for the current Mantine colour scheme; tick labels (muted) are gray 7 / dark 1, which
 * meet 4.5:1 on the cards. Backgrounds stay transparent (the card shows).
 */
export function chartColors(theme: MantineTheme, scheme: 'light' | 'dark'): ChartColors {
  const c = theme.colors
  const shade = scheme === 'dark' ? 4 : 6
  const series = COLORWAY.map((name) => c[name]?.[shade]).filter((v): v is string => typeof v === 'string')
  return scheme === 'dark'
    ? { text: c.dark[0], muted: c.dark[1], grid: c.dark[4], line: c.dark[3], hoverBg: c.dark[6], series }
    : {
        text: c.gray[8],
        muted: c.gray[7],
        grid: c.gray[3],
        line: c.gray[4],
        hoverBg: theme.white,
        series,
      }
}

/** The base layout every chart starts from; a chart's own layout is merged over it (axes key by key). */
export function baseLayout(colors: ChartColors, fontFamily: string, height: number): Partial<Layout> {
  const axis = {
    gridcolor: colors.grid,
    linecolor: colors.line,
    zerolinecolor: colors.grid,
    tickfont: { color: colors.muted },
    automargin: true,
  }
  return {
    autosize: true,
    height,
    margin: { l: 48, r: 16, t: 16, b: 40, pad: 4 },
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: 'rgba(0,0,0,0)',
    font: { family: fontFamily, color: colors.text, size: 12 },
    colorway: [...colors.series],
    hoverlabel: { bgcolor: colors.hoverBg, bordercolor: colors.line, font: { color: colors.text } },
    legend: { orientation: 'h', x: 0, y: -0.15, yanchor: 'top', font: { color: colors.text } },
    xaxis: { ...axis },
    yaxis: { ...axis, rangemode: 'tozero' },
    // Constant, so zoom and hidden legend entries survive refetches and re-renders of new data.
    uirevision: 'ludex-chart',
  }
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date)

/** Shallow merge, except that object values (axes, legend, font, margin) are merged one level deep. */
export function mergeLayout(base: Partial<Layout>, over: Partial<Layout> | undefined): Partial<Layout> {
  if (!over) return base
  const out: Obj = { ...base }
  for (const [k, v] of Object.entries(over)) {
    const b = out[k]
    out[k] = isObj(b) && isObj(v) ? { ...b, ...v } : v
  }
  return out as Partial<Layout>
}
