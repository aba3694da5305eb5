import type { Creator } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { filterCreators, searchApplies } from './search.ts'

const c = (id: number, name: string): Creator => ({
  id,
  name,
  type: 'User',
  is_verified: false,
  thumbnail_hash: 'default',
  place_ids: [1],
})
const list = [c(1001, 'BlueFox12'), c(2002, 'Red Wolf Studios'), c(123, 'Sky Owl Labs')]

describe('filterCreators', () => {
  it('applies from 3 characters, on the name in any case', () => {
    expect(filterCreators(list, 'bl')).toEqual(list)
    expect(filterCreators(list, '  re ')).toEqual(list)
    expect(filterCreators(list, 'blu').map((x) => x.id)).toEqual([1001])
    expect(filterCreators(list, 'STUDIOS').map((x) => x.id)).toEqual([2002])
    expect(filterCreators(list, 'zzz')).toEqual([])
    expect(searchApplies('ab')).toBe(false)
    expect(searchApplies(' abc ')).toBe(true)
  })

  it('finds a creator by its exact id', () => {
    expect(filterCreators(list, '123').map((x) => x.id)).toEqual([123])
    expect(filterCreators(list, '2002').map((x) => x.id)).toEqual([2002])
  })
})
