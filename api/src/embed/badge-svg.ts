import { type EmbedBadgeStyle, type EmbedTheme, escapeMarkup } from '@ludex/schemas'
import { cleanText, truncateText } from './svg-text.ts'
import { textWidth } from './text-width.ts'

/*
 * The live badge: the experience's name on the left, its players online now on the right, in the
 * shape of the usual README badges (flat, flat-square, plastic). Pure: the route caches what it returns.
 */

/** A name longer than this is cut with an ellipsis (a badge sits in a line of text). */
export const BADGE_NAME_MAX_CHARS = 40

/** Padding on each side of a half's text. */
const PAD = 6
const FONT = 'Verdana,Geneva,DejaVu Sans,sans-serif'

interface Palette {
  readonly label: string
  readonly value: string
  readonly text: string
  readonly shadow: string
}

const PALETTES: Readonly<Record<EmbedTheme, Palette>> = {
  light: { label: '#555', value: '#1c7ed6', text: '#fff', shadow: '#010101' },
  dark: { label: '#2c2e33', value: '#1864ab', text: '#f1f3f5', shadow: '#000' },
}

interface Shape {
  readonly height: number
  readonly radius: number
  /** The gloss over the badge (none for flat-square). */
  readonly gloss: string
  readonly textY: number
  readonly shadow: boolean
}

const SHAPES: Readonly<Record<EmbedBadgeStyle, Shape>> = {
  flat: {
    height: 20,
    radius: 3,
    gloss: '<stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/>',
    textY: 14,
    shadow: true,
  },
  'flat-square': { height: 20, radius: 0, gloss: '', textY: 14, shadow: false },
  plastic: {
    height: 18,
    radius: 4,
    gloss:
      '<stop offset="0" stop-color="#fff" stop-opacity=".7"/><stop offset=".1" stop-color="#aaa" stop-opacity=".1"/>' +
      '<stop offset=".9" stop-opacity=".3"/><stop offset="1" stop-opacity=".5"/>',
    textY: 13,
    shadow: true,
  },
}

export interface BadgeInput {
  readonly name: string
  readonly playersOnline: number
  readonly style: EmbedBadgeStyle
  readonly theme: EmbedTheme
}

/** '12,345' — grouped, so the figure reads the same in every README. */
export function formatPlayers(n: number): string {
  return Math.max(0, Math.round(n)).toLocaleString('en-US')
}

/** The badge's text alternative (its title and aria-label). */
export function badgeText(name: string, playersOnline: number): string {
  const n = Math.max(0, Math.round(playersOnline))
  return `${name}: ${formatPlayers(n)} ${n === 1 ? 'player' : 'players'} online now`
}

function halfText(text: string, centre: number, width: number, shape: Shape, palette: Palette): string {
  const escaped = escapeMarkup(text)
  const common = `x="${centre}" textLength="${width}" lengthAdjust="spacingAndGlyphs"`
  const shadow = shape.shadow
    ? `<text ${common} y="${shape.textY + 1}" fill="${palette.shadow}" fill-opacity=".3" aria-hidden="true">${escaped}</text>`
    : ''
  return `${shadow}<text ${common} y="${shape.textY}">${escaped}</text>`
}

/** The badge as an SVG document: accessible (title, role, aria-label), valid XML, width from its text. */
export function badgeSvg(input: BadgeInput): string {
  const name = truncateText(cleanText(input.name), BADGE_NAME_MAX_CHARS) || 'Experience'
  const value = `${formatPlayers(input.playersOnline)} online`
  const shape = SHAPES[input.style]
  const palette = PALETTES[input.theme]
  const nameWidth = textWidth(name)
  const valueWidth = textWidth(value)
  const left = round1(nameWidth + 2 * PAD)
  const right = round1(valueWidth + 2 * PAD)
  const width = round1(left + right)
  const h = shape.height
  const alt = escapeMarkup(badgeText(name, input.playersOnline))
  const gloss = shape.gloss ? `<linearGradient id="g" x2="0" y2="100%">${shape.gloss}</linearGradient>` : ''
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}" viewBox="0 0 ${width} ${h}" role="img" aria-label="${alt}">`,
    `<title>${alt}</title>`,
    gloss,
    `<clipPath id="r"><rect width="${width}" height="${h}" rx="${shape.radius}" fill="#fff"/></clipPath>`,
    '<g clip-path="url(#r)">',
    `<rect width="${left}" height="${h}" fill="${palette.label}"/>`,
    `<rect x="${left}" width="${right}" height="${h}" fill="${palette.value}"/>`,
    gloss ? `<rect width="${width}" height="${h}" fill="url(#g)"/>` : '',
    '</g>',
    `<g fill="${palette.text}" text-anchor="middle" font-family="${FONT}" font-size="11">`,
    halfText(name, round1(left / 2), nameWidth, shape, palette),
    halfText(value, round1(left + right / 2), valueWidth, shape, palette),
    '</g>',
    '</svg>',
  ].join('')
}

function round1(n: number): number {
  return Math.round(n * 10) / 10
}
