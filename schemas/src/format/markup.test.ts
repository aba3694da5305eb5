import { describe, expect, it } from 'vitest'
import { escapeMarkup, unescapeMarkup } from './markup.ts'

describe('escapeMarkup', () => {
  it('escapes the five specials once each, an entity already in the text included', () => {
    expect(escapeMarkup(`a&b<c>d"e'f&amp;`)).toBe('a&amp;b&lt;c&gt;d&#34;e&#39;f&amp;amp;')
  })

  it('leaves other text alone, emoji and accents whole', () => {
    expect(escapeMarkup('Pokémon 🎮 [Beta] 100%')).toBe('Pokémon 🎮 [Beta] 100%')
    expect(escapeMarkup('')).toBe('')
  })
})

describe('unescapeMarkup', () => {
  it('reads named, decimal and hex references, each once', () => {
    expect(unescapeMarkup('a &amp;lt; &lt;b&gt; &quot;c&quot; &apos;d&#39; &#x1F3AE; &#X41; &#34;')).toBe(
      `a &lt; <b> "c" 'd' 🎮 A "`,
    )
  })

  it('leaves what is no reference as written', () => {
    expect(unescapeMarkup('&nbsp; &copy &#0; &#x110000; & ;')).toBe('&nbsp; &copy &#0; &#x110000; & ;')
  })

  it('reads back what escapeMarkup wrote', () => {
    const hostile = `Tom & Jerry's "<script>x</script>" &amp; 🎮`
    expect(unescapeMarkup(escapeMarkup(hostile))).toBe(hostile)
  })
})
