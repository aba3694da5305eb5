import { describe, expect, it } from 'vitest'
import { priceChanges } from '../../store/prices.ts'

describe('priceChanges', () => {
  it('keeps one entry per change with the difference from the previous price', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString()
    expect(
      priceChanges([
        { price: 0, time: at(0) },
        { price: 0, time: at(10) },
        { price: 25, time: at(20) },
        { price: 25, time: at(30) },
        { price: 10, time: at(40) },
        { price: 0, time: at(50) },
      ]),
    ).toEqual([
      { price: 0, time: at(0), change: 0 },
      { price: 25, time: at(20), change: 25 },
      { price: 10, time: at(40), change: -15 },
      { price: 0, time: at(50), change: -10 },
    ])
  })

  it('starts with change 0 whatever the first price, and is empty without observations', () => {
    expect(priceChanges([{ price: 40, time: 't' }])).toEqual([{ price: 40, time: 't', change: 0 }])
    expect(priceChanges([])).toEqual([])
  })
})
