import { describe, expect, it } from 'vitest'
import { genreRings } from './genre-distribution.ts'

describe('genreRings', () => {
  it('orders genres by CCU and keeps children next to their genre', () => {
    // Genres are the product's keys, sub-genres the platform's genre_l2 lower-cased (as the API sends them).
    const { inner, outer } = genreRings([
      { name: 'arcade', ccu: 10, share: 0.1, children: [{ name: 'quiz', ccu: 10, share: 1 }] },
      {
        name: 'obby',
        ccu: 90,
        share: 0.9,
        children: [
          { name: 'runner', ccu: 60, share: 0.66 },
          { name: 'tower obby', ccu: 30, share: 0.33 },
          { name: 'classic obby', ccu: 0, share: 0 },
        ],
      },
      { name: 'sports', ccu: 0, share: 0, children: [] },
    ])
    expect(inner.labels).toEqual(['Obby', 'Arcade'])
    expect(inner.values).toEqual([90, 10])
    expect(outer.labels).toEqual(['Obby / Runner', 'Obby / Tower Obby', 'Arcade / Quiz'])
    expect(outer.parent).toEqual([0, 0, 1])
  })

  it('fills a remainder so the rings stay aligned', () => {
    const { outer } = genreRings([
      { name: 'sports', ccu: 50, share: 1, children: [{ name: 'sports', ccu: 20, share: 0.4 }] },
    ])
    expect(outer.values).toEqual([20, 30])
    expect(outer.values.reduce((a, b) => a + b, 0)).toBe(50)
  })
})
