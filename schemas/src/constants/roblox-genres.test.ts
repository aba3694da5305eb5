import { describe, expect, it } from 'vitest'
import { ROBLOX_GENRE_L1, ROBLOX_GENRE_L2_BY_L1, ROBLOX_GENRE_L2_SAMPLES, robloxGenreL1 } from './index.ts'

describe('Roblox genre taxonomy', () => {
  it('has the 17 genre_l1 values, distinct also when lower-cased', () => {
    expect(ROBLOX_GENRE_L1).toHaveLength(17)
    expect(new Set(ROBLOX_GENRE_L1.map((g) => g.toLowerCase())).size).toBe(17)
    expect(robloxGenreL1.safeParse('Obby & Platformer').success).toBe(true)
    expect(robloxGenreL1.safeParse('obby & platformer').success).toBe(false)
  })

  it('gives every genre_l1 sub-genres and places every documented sample under one', () => {
    for (const g of ROBLOX_GENRE_L1) expect(ROBLOX_GENRE_L2_BY_L1[g].length).toBeGreaterThan(0)
    const all = Object.values(ROBLOX_GENRE_L2_BY_L1).flat()
    for (const s of ROBLOX_GENRE_L2_SAMPLES) expect(all).toContain(s)
  })
})
