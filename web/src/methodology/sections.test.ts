import { MOMENTUM_MIN_CCU, RECENT_LIKES_MIN_VOTES } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { SECTION_PARTS } from './section.ts'
import { METHODOLOGY_SECTIONS } from './sections/index.ts'

describe('the /methodology sections', () => {
  it('each has a unique anchor and says all four parts', () => {
    const ids = METHODOLOGY_SECTIONS.map((s) => s.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const s of METHODOLOGY_SECTIONS) {
      expect(s.id).toMatch(/^[a-z][a-z0-9-]*$/)
      for (const { key } of SECTION_PARTS) expect(s[key].length, `${s.id} ${key}`).toBeGreaterThan(0)
    }
  })

  it('states the numbers the API computes with', () => {
    const text = (id: string) => {
      const s = METHODOLOGY_SECTIONS.find((x) => x.id === id)
      return s ? SECTION_PARTS.flatMap(({ key }) => s[key]).join(' ') : ''
    }
    expect(text('momentum')).toContain(`below ${MOMENTUM_MIN_CCU} CCU`)
    expect(text('momentum')).toContain('+10 % or more is Rising')
    expect(text('recent-likes')).toContain(`fewer than ${RECENT_LIKES_MIN_VOTES} votes`)
  })
})
