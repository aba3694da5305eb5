import { describe, expect, it } from 'vitest'
import { ranksByPlayersOnline } from './ranks.ts'

const row = (place_id: number, players_online: number) => ({ place_id, players_online })

describe('ranksByPlayersOnline', () => {
  it('ranks by players online, highest first', () => {
    const ranks = ranksByPlayersOnline([row(1, 10), row(2, 300), row(3, 20)])
    expect([ranks.get(2), ranks.get(3), ranks.get(1)]).toEqual([1, 2, 3])
  })

  it('gives ties one rank and skips the next', () => {
    const ranks = ranksByPlayersOnline([
      row(1, 100),
      row(2, 50),
      row(3, 50),
      row(4, 10),
      row(5, 10),
      row(6, 1),
    ])
    expect([1, 2, 3, 4, 5, 6].map((id) => ranks.get(id))).toEqual([1, 2, 2, 4, 4, 6])
  })

  it('ranks a list where everyone ties as all first', () => {
    const ranks = ranksByPlayersOnline([row(1, 0), row(2, 0), row(3, 0)])
    expect([...ranks.values()]).toEqual([1, 1, 1])
  })

  it('is empty for no rows', () => {
    expect(ranksByPlayersOnline([]).size).toBe(0)
  })
})
