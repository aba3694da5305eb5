import { describe, expect, it } from 'vitest'
import { defaultBackgroundClass } from './default-background.ts'
import { defaultThumbnail } from './urls.ts'

describe('the default image under an icon', () => {
  it('is the default image the id gets, by a class of its own for each of the three', () => {
    const ids = [0, 1, 2, 3, 4, 5, 1_818, 920_587_237]
    const classes = ids.map(defaultBackgroundClass)
    for (const c of classes) expect(c).toMatch(/default[123]/)
    expect(new Set(classes.slice(0, 3)).size).toBe(3)
    // Two ids with the same default image get the same class, and only then.
    for (const a of ids) {
      for (const b of ids) {
        expect(defaultBackgroundClass(a) === defaultBackgroundClass(b)).toBe(
          defaultThumbnail(a) === defaultThumbnail(b),
        )
      }
    }
  })
})
