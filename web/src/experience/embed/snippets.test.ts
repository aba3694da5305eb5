import { describe, expect, it } from 'vitest'
import { embedSnippets } from './snippets.ts'

const ORIGIN = 'https://ludex.example'

describe('embedSnippets', () => {
  it('links the badge to the experience page in Markdown and HTML', () => {
    const s = embedSnippets(
      ORIGIN,
      { placeId: 42, name: 'Obby' },
      { kind: 'badge', style: 'flat', theme: 'light' },
    )
    expect(s.imageUrl).toBe('https://ludex.example/embed/42/badge.svg')
    expect(s.markdown).toBe(
      '[![Obby: players online now on Ludex](https://ludex.example/embed/42/badge.svg)](https://ludex.example/experiences/42)',
    )
    expect(s.html).toBe(
      '<a href="https://ludex.example/experiences/42"><img src="https://ludex.example/embed/42/badge.svg" alt="Obby: players online now on Ludex"></a>',
    )
  })

  it('names the sparkline’s stat, range and theme', () => {
    const s = embedSnippets(
      ORIGIN,
      { placeId: 7, name: 'Tycoon' },
      { kind: 'sparkline', stat: 'visits', range: '30d', theme: 'dark' },
    )
    expect(s.imageUrl).toBe('https://ludex.example/embed/7/sparkline.svg?stat=visits&range=30d&theme=dark')
    expect(s.alt).toBe('Tycoon: visits over the last 30 days on Ludex')
    // The query's & is escaped in the HTML attribute.
    expect(s.html).toContain(
      'src="https://ludex.example/embed/7/sparkline.svg?stat=visits&amp;range=30d&amp;theme=dark"',
    )
  })

  it('escapes a hostile name in both snippets', () => {
    const name = 'A "<b>" & [link](x)\nB'
    const s = embedSnippets(ORIGIN, { placeId: 1, name }, { kind: 'badge', style: 'plastic', theme: 'dark' })
    expect(s.html).toContain('alt="A &#34;&lt;b&gt;&#34; &amp; [link](x)\nB: players online now on Ludex"')
    expect(s.html).not.toContain('<b>')
    expect(s.markdown.startsWith('[![A "<b>" & \\[link\\](x) B: players online now on Ludex](')).toBe(true)
  })
})
