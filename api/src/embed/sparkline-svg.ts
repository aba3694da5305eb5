import {
  EMBED_RANGES,
  EMBED_STAT_LABELS,
  type EmbedRange,
  type EmbedSparklineStat,
  type EmbedTheme,
  escapeMarkup,
  shortenNumber,
} from '@ludex/schemas'
import { cleanText, truncateText } from './svg-text.ts'
import { textWidth } from './text-width.ts'

/*
 * The sparkline: a stat's series over a short range as a line, with the latest value and what it is
 * beside it. Pure: the route reads the series and caches what this returns.
 */

const HEIGHT = 40
const PAD = 6
const CHART_WIDTH = 160
const GAP = 8
const VALUE_FONT = 13
const CAPTION_FONT = 9
const FONT = 'Verdana,Geneva,DejaVu Sans,sans-serif'
/** The name in the text alternative is cut like the badge's. */
const NAME_MAX_CHARS = 40

interface Palette {
  readonly background: string
  readonly border: string
  readonly line: string
  readonly text: string
  readonly caption: string
}

const PALETTES: Readonly<Record<EmbedTheme, Palette>> = {
  light: { background: '#fff', border: '#dee2e6', line: '#1c7ed6', text: '#212529', caption: '#495057' },
  dark: { background: '#1a1b1e', border: '#373a40', line: '#4dabf7', text: '#f1f3f5', caption: '#adb5bd' },
}

export interface SparklineInput {
  readonly name: string
  readonly stat: EmbedSparklineStat
  readonly range: EmbedRange
  /** [bucket start ms, value] in time order, values as the stats rows carry them (rating ×100). */
  readonly points: readonly (readonly [number, number])[]
  /** The range drawn: the first bucket start and the last instant (the x axis). */
  readonly fromMs: number
  readonly toMs: number
  readonly theme: EmbedTheme
}

/** A value as the sparkline prints it: a rating as a percentage, counts shortened (12.3K). */
export function formatStatValue(stat: EmbedSparklineStat, value: number): string {
  return stat === 'rating' ? `${value.toFixed(1)}%` : shortenNumber(value)
}

/** The sparkline's text alternative (its title and aria-label): what it draws and its figures. */
export function sparklineText(input: Pick<SparklineInput, 'name' | 'stat' | 'range' | 'points'>): string {
  const what = `${EMBED_STAT_LABELS[input.stat]} over ${EMBED_RANGES[input.range].label}`
  const values = input.points.map((p) => p[1])
  const last = values.at(-1)
  if (last === undefined) return `${input.name}: no data for ${what}`
  const f = (v: number) => formatStatValue(input.stat, v)
  return `${input.name}: ${what}, latest ${f(last)}, low ${f(Math.min(...values))}, high ${f(Math.max(...values))}`
}

function linePath(input: SparklineInput): string {
  const values = input.points.map((p) => p[1])
  const min = Math.min(...values)
  const max = Math.max(...values)
  const span = input.toMs - input.fromMs || 1
  const top = PAD
  const bottom = HEIGHT - PAD
  const x = (t: number) => round1(PAD + (Math.min(Math.max(t - input.fromMs, 0), span) / span) * CHART_WIDTH)
  // A flat series is drawn across the middle rather than along an edge.
  const y = (v: number) =>
    round1(max === min ? (top + bottom) / 2 : bottom - ((v - min) / (max - min)) * (bottom - top))
  return input.points.map(([t, v], i) => `${i === 0 ? 'M' : 'L'}${x(t)} ${y(v)}`).join(' ')
}

/** The sparkline as an SVG document: accessible (title, role, aria-label), valid XML, width from its text. */
export function sparklineSvg(input: SparklineInput): string {
  const palette = PALETTES[input.theme]
  const name = truncateText(cleanText(input.name), NAME_MAX_CHARS) || 'Experience'
  const last = input.points.at(-1)
  const value = last ? formatStatValue(input.stat, last[1]) : 'no data'
  const caption = `${EMBED_STAT_LABELS[input.stat]} · ${input.range}`
  const valueWidth = textWidth(value, VALUE_FONT)
  const captionWidth = textWidth(caption, CAPTION_FONT)
  const textX = PAD + CHART_WIDTH + GAP
  const width = round1(textX + Math.max(valueWidth, captionWidth) + PAD)
  const alt = escapeMarkup(sparklineText({ ...input, name }))
  const mid = HEIGHT / 2
  const chart =
    input.points.length === 0
      ? `<path d="M${PAD} ${mid} H${PAD + CHART_WIDTH}" stroke="${palette.border}" stroke-width="1.5" stroke-dasharray="4 3" fill="none"/>`
      : `<path d="${linePath(input)}" stroke="${palette.line}" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round" fill="none"/>`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${alt}">`,
    `<title>${alt}</title>`,
    `<rect x=".5" y=".5" width="${width - 1}" height="${HEIGHT - 1}" rx="4" fill="${palette.background}" stroke="${palette.border}"/>`,
    chart,
    `<g font-family="${FONT}">`,
    `<text x="${textX}" y="19" font-size="${VALUE_FONT}" font-weight="bold" fill="${palette.text}" textLength="${valueWidth}" lengthAdjust="spacingAndGlyphs">${escapeMarkup(value)}</text>`,
    `<text x="${textX}" y="32" font-size="${CAPTION_FONT}" fill="${palette.caption}" textLength="${captionWidth}" lengthAdjust="spacingAndGlyphs">${escapeMarkup(caption)}</text>`,
    '</g>',
    '</svg>',
  ].join('')
}

function round1(n: number): number {
  return Math.round(n * 10) / 10
}
