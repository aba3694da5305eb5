import { describe, expect, it } from 'vitest'
import {
  ROBLOX_GENRE_L1,
  ROBLOX_GENRE_L2,
  ROBLOX_GENRE_L2_BY_L1,
  ROBLOX_GENRE_L2_SAMPLES,
  robloxGenreL1,
} from './index.ts'

describe('Roblox genre taxonomy', () => {
  it('has the 17 genre_l1 values, distinct also when lower-cased', () => {
    expect(ROBLOX_GENRE_L1).toHaveLength(17)
    expect(new Set(ROBLOX_GENRE_L1.map((g) => g.toLowerCase())).size).toBe(17)
    expect(robloxGenreL1.safeParse('Obby & Platformer').success).toBe(true)
    expect(robloxGenreL1.safeParse('obby & platformer').success).toBe(false)
  })

  it('holds the documented sub-genres: 46, each under one genre_l1, none for Education and Utility', () => {
    expect(ROBLOX_GENRE_L2).toHaveLength(46)
    expect(new Set(ROBLOX_GENRE_L2.map((g) => g.toLowerCase())).size).toBe(46)
    for (const g of ROBLOX_GENRE_L1) {
      const none = g === 'Education' || g === 'Utility & Other'
      expect(ROBLOX_GENRE_L2_BY_L1[g].length === 0, g).toBe(none)
    }
    expect(ROBLOX_GENRE_L2_BY_L1.Social).toEqual(['Communication', 'Content Sharing', 'Hangout'])
    for (const s of ROBLOX_GENRE_L2_SAMPLES) expect(ROBLOX_GENRE_L2).toContain(s)
  })
})
