import { unescapeMarkup } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { BADGE_NAME_MAX_CHARS, badgeSvg, badgeText } from './badge-svg.ts'
import { formatStatValue, sparklineSvg, sparklineText } from './sparkline-svg.ts'
import { cleanText, truncateText } from './svg-text.ts'
import { textWidth } from './text-width.ts'

const HOSTILE = `Tom & Jerry's "<script>x</script>"`

/** The attribute's value as written (between its double quotes). */
function attribute(svg: string, name: string): string {
  const match = new RegExp(`<svg[^>]* ${name}="([^"]*)"`).exec(svg)
  if (!match) throw new Error(`no ${name} on the root`)
  return match[1] as string
}

describe('SVG text', () => {
  it('drops what XML 1.0 cannot carry and folds white space', () => {
    expect(cleanText('a\u0000b\u0007c\u001f d\uFFFE\n\t e')).toBe('abc d e')
    // A lone surrogate goes; a pair (an emoji) stays whole.
    expect(cleanText('x\uD800y\uDC00z 🎮')).toBe('xyz 🎮')
  })

  it('cuts to whole code points with an ellipsis', () => {
    expect(truncateText('abcdef', 6)).toBe('abcdef')
    expect(truncateText('abcdefg', 6)).toBe('abcde…')
    expect(truncateText('🎮🎮🎮🎮', 3)).toBe('🎮🎮…')
  })
})

describe('text width', () => {
  it('sums the per-character table and scales with the font size', () => {
    expect(textWidth('')).toBe(0)
    expect(textWidth('1')).toBe(7)
    expect(textWidth('il')).toBe(6) // 3.02 + 3.02, narrow letters
    expect(textWidth('WM')).toBeCloseTo(20.2, 1)
    expect(textWidth('10', 22)).toBe(28)
  })

  it('counts wide scripts as squares and combining marks as nothing', () => {
    expect(textWidth('日本')).toBe(22)
    expect(textWidth('e\u0301')).toBe(textWidth('e'))
    expect(textWidth('é')).toBeGreaterThan(0)
  })
})

describe('badgeSvg', () => {
  const base = { name: 'Adopt Me!', playersOnline: 123_456, style: 'flat', theme: 'light' } as const

  it('carries the text alternative as title, role and aria-label', () => {
    const svg = badgeSvg(base)
    expect(badgeText('Adopt Me!', 123_456)).toBe('Adopt Me!: 123,456 players online now')
    expect(badgeText('Solo', 1)).toBe('Solo: 1 player online now')
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(attribute(svg, 'role')).toBe('img')
    expect(attribute(svg, 'aria-label')).toBe('Adopt Me!: 123,456 players online now')
    expect(svg).toContain('<title>Adopt Me!: 123,456 players online now</title>')
    expect(svg).toContain('>123,456 online</text>')
  })

  it('escapes a name with <&"\' everywhere it appears, never leaving markup of its own', () => {
    const svg = badgeSvg({ ...base, name: HOSTILE })
    expect(svg).not.toContain('<script>')
    expect(svg).not.toMatch(/& /)
    const label = attribute(svg, 'aria-label')
    expect(unescapeMarkup(label)).toBe(`${HOSTILE}: 123,456 players online now`)
    expect(svg).toContain(`<title>${label}</title>`)
    // Every tag in the document is one of the badge's own.
    const tags = new Set([...svg.matchAll(/<\/?([a-zA-Z]+)/g)].map((m) => m[1]))
    expect([...tags].sort()).toEqual([
      'clipPath',
      'g',
      'linearGradient',
      'rect',
      'stop',
      'svg',
      'text',
      'title',
    ])
  })

  it('grows with its text: a longer name or count makes a wider badge, by the table', () => {
    const width = (name: string, players = 5) =>
      Number(attribute(badgeSvg({ ...base, name, playersOnline: players }), 'width'))
    expect(width('Obby')).toBeLessThan(width('Obby but longer'))
    expect(width('Obby', 5)).toBeLessThan(width('Obby', 5_000_000))
    // Two halves, each its text's width plus 6 px of padding either side.
    expect(width('Obby', 5)).toBeCloseTo(textWidth('Obby') + textWidth('5 online') + 24, 1)
  })

  it('cuts a long name to 40 characters with an ellipsis', () => {
    const svg = badgeSvg({ ...base, name: 'x'.repeat(100) })
    expect(svg).toContain(`>${'x'.repeat(BADGE_NAME_MAX_CHARS - 1)}…</text>`)
    expect(svg).not.toContain('x'.repeat(BADGE_NAME_MAX_CHARS))
  })

  it('draws each style and theme differently, flat-square without rounding or gloss', () => {
    const looks = ['flat', 'flat-square', 'plastic'].flatMap((style) =>
      ['light', 'dark'].map((theme) => badgeSvg({ ...base, style, theme } as typeof base)),
    )
    expect(new Set(looks).size).toBe(6)
    const square = badgeSvg({ ...base, style: 'flat-square' })
    expect(square).toContain('rx="0"')
    expect(square).not.toContain('linearGradient')
    expect(attribute(badgeSvg({ ...base, style: 'plastic' }), 'height')).toBe('18')
  })

  it('names an experience without a name and never shows a negative count', () => {
    const svg = badgeSvg({ ...base, name: '\u0000 ', playersOnline: -3 })
    expect(attribute(svg, 'aria-label')).toBe('Experience: 0 players online now')
  })
})

describe('sparklineSvg', () => {
  const hour = 3_600_000
  const from = Date.UTC(2026, 10, 18)
  const input = {
    name: 'Obby <Deluxe>',
    stat: 'ccus',
    range: '7d',
    points: [
      [from, 100],
      [from + hour, 250.5],
      [from + 2 * hour, 175],
    ],
    fromMs: from,
    toMs: from + 2 * hour,
    theme: 'light',
  } as const

  it('says what it draws and its figures in the title and aria-label, escaped', () => {
    const svg = sparklineSvg(input)
    const alt = 'Obby &lt;Deluxe&gt;: players online over the last 7 days, latest 175, low 100, high 250.5'
    expect(attribute(svg, 'aria-label')).toBe(alt)
    expect(attribute(svg, 'role')).toBe('img')
    expect(svg).toContain(`<title>${alt}</title>`)
  })

  it('draws the points left to right over the range, the highest at the top', () => {
    const d = /<path d="([^"]+)" stroke="#1c7ed6"/.exec(sparklineSvg(input))?.[1]
    const points = d
      ?.split(/ ?[ML]/)
      .filter(Boolean)
      .map((p) => p.split(' ').map(Number))
    expect(points).toHaveLength(3)
    const [a, b, c] = points as [number[], number[], number[]]
    expect(a[0]).toBe(6)
    expect(c[0]).toBe(166)
    expect(b[1]).toBe(6) // the highest value on the top edge
    expect(a[1]).toBe(34) // the lowest on the bottom edge
  })

  it('shows "no data" and a dashed line when the range holds none', () => {
    const svg = sparklineSvg({ ...input, points: [] })
    expect(svg).toContain('>no data</text>')
    expect(svg).toContain('stroke-dasharray')
    expect(sparklineText({ ...input, points: [] })).toBe(
      'Obby <Deluxe>: no data for players online over the last 7 days',
    )
  })

  it('is as wide as its chart and the wider of its value and caption', () => {
    const width = (stat: 'ccus' | 'rating', value: number) =>
      Number(attribute(sparklineSvg({ ...input, stat, range: '24h', points: [[from, value]] }), 'width'))
    // 6 + 160 + 8 before the text, 6 after it.
    expect(width('ccus', 1)).toBe(180 + textWidth('players online · 24h', 9))
    expect(width('rating', 100)).toBe(180 + Math.max(textWidth('100.0%', 13), textWidth('like % · 24h', 9)))
    expect(width('rating', 100)).toBeLessThan(width('ccus', 1))
    expect(formatStatValue('rating', 87.456)).toBe('87.5%')
    expect(formatStatValue('visits', 1_234_567)).toBe('1.2M')
    expect(formatStatValue('ccus', 999.9)).toBe('999.9')
  })

  it('differs by theme', () => {
    expect(sparklineSvg(input)).not.toBe(sparklineSvg({ ...input, theme: 'dark' }))
  })
})
