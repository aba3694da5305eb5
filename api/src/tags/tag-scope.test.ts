import { describe, expect, it } from 'vitest'
import { membersInScope } from './tag-scope.ts'

const m = (placeId: number, playersOnline: number) => ({ placeId, playersOnline })

describe('membersInScope', () => {
  const members = [m(10, 0), m(11, 500), m(12, 20), m(13, 500), m(14, 3), m(15, 0), m(16, 90), m(17, 1)]

  it('all: every member, in order', () => {
    expect(membersInScope(members, 'all')).toEqual(members)
  })

  it('active: the members with players online now, in order', () => {
    expect(membersInScope(members, 'active').map((x) => x.placeId)).toEqual([11, 12, 13, 14, 16, 17])
  })

  it('top_five: the five with the most players online, ties by the lower place id', () => {
    expect(membersInScope(members, 'top_five').map((x) => x.placeId)).toEqual([11, 13, 16, 12, 14])
  })

  it('top_five of fewer than five: all of them, players or not', () => {
    expect(membersInScope([m(3, 0), m(2, 0), m(1, 4)], 'top_five').map((x) => x.placeId)).toEqual([1, 2, 3])
    expect(membersInScope([], 'top_five')).toEqual([])
  })
})
