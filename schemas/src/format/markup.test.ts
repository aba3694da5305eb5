import { describe, expect, it } from 'vitest'
import { escapeMarkup } from './markup.ts'

describe('escapeMarkup', () => {
  it('escapes the five specials once each, an entity already in the text included', () => {
    expect(escapeMarkup(`a&b<c>d"e'f&amp;`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f&amp;amp;')
  })

  it('leaves other text alone, emoji and accents whole', () => {
    expect(escapeMarkup('Pokémon 🎮 [Beta] 100%')).toBe('Pokémon 🎮 [Beta] 100%')
    expect(escapeMarkup('')).toBe('')
  })
})
