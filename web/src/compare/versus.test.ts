import { describe, expect, it } from 'vitest'
import { vsAverage } from './versus.ts'

describe('an experience against its tag average', () => {
  it('says how far above or below the average it is', () => {
    expect(vsAverage(150, 100)).toBe('+50.0% vs average')
    expect(vsAverage(75, 100)).toBe('-25.0% vs average')
    expect(vsAverage(100.01, 100)).toBe('as average')
    expect(vsAverage(undefined, 100)).toBeNull()
    expect(vsAverage(5, 0)).toBeNull()
  })
})
