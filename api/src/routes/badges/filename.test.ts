import { describe, expect, it } from 'vitest'
import { asciiSlug, badgeCsvDisposition } from './filename.ts'

const NAME = 'Ünïcode "Obby": Part 2 (Beta)'

describe('badge CSV file name', () => {
  it('has an ASCII slug and an RFC 5987 UTF-8 name', () => {
    expect(asciiSlug(NAME)).toBe('unicode-obby-part-2-beta')
    expect(badgeCsvDisposition(NAME, 5)).toBe(
      `attachment; filename="unicode-obby-part-2-beta-5-badges.csv"; ` +
        `filename*=UTF-8''%C3%9Cn%C3%AFcode%20-Obby-%20Part%202%20%28Beta%29-5-badges.csv`,
    )
  })

  it('falls back to "experience" when nothing of the name is left', () => {
    expect(badgeCsvDisposition('★★★', 3)).toContain('filename="experience-3-badges.csv"')
    expect(badgeCsvDisposition('', 3)).toContain(`filename*=UTF-8''experience-3-badges.csv`)
  })
})
