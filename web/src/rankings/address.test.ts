import { describe, expect, it } from 'vitest'
import { parseRankingExp, parseRankingTime, rankingCategory, rankingPath } from './address.ts'

describe('rankings addresses', () => {
  it('name the category by id, with time and exp when given', () => {
    expect(rankingPath(8)).toBe('/rankings/8')
    expect(rankingPath(25, { time: 1_763_474_400_000, exp: 920587237 })).toBe(
      '/rankings/25?time=1763474400000&exp=920587237',
    )
    expect(rankingPath(9, { time: null, exp: 5 })).toBe('/rankings/9?exp=5')
  })

  it('map an index to a category, or to none (a 404)', () => {
    expect(rankingCategory('8')?.title).toBe('Most Popular')
    expect(rankingCategory('38')?.title).toBe('Hot Right Now')
    for (const bad of ['0', '13', '39', '8.5', '-8', 'abc', '08x', undefined]) {
      expect(rankingCategory(bad), String(bad)).toBeNull()
    }
  })

  it('read time as epoch ms and exp as a place id, ignoring anything else', () => {
    expect(parseRankingTime('1763474400000')).toBe(1_763_474_400_000)
    expect(parseRankingTime('2026-11-18')).toBeNull()
    expect(parseRankingTime('')).toBeNull()
    expect(parseRankingTime(null)).toBeNull()
    expect(parseRankingExp('920587237')).toBe(920587237)
    expect(parseRankingExp('0')).toBeNull()
    expect(parseRankingExp('x')).toBeNull()
  })
})
