import { describe, expect, it } from 'vitest'
import {
  floorValue,
  formatLikePercentage,
  likePercentageValue,
  ratingTimes100,
  roundAverageCcu,
  roundTo,
  shiftDecimal,
  truncateTo,
} from './rounding.ts'

describe('roundTo and truncateTo', () => {
  it('round half away from zero on the decimal digits', () => {
    expect(roundTo(1.005, 2)).toBe(1.01)
    expect(roundTo(2.675, 2)).toBe(2.68)
    expect(roundTo(-1.005, 2)).toBe(-1.01)
    expect(roundTo(1.004, 2)).toBe(1)
    expect(roundTo(-0.04, 1)).toBe(0)
    expect(Object.is(roundTo(-0.04, 1), -0)).toBe(false)
  })

  it('truncate toward zero', () => {
    expect(truncateTo(1.99, 1)).toBe(1.9)
    expect(truncateTo(0.29, 2)).toBe(0.29)
    expect(truncateTo(-1.99, 1)).toBe(-1.9)
  })

  it('shift numbers JS prints in exponent form', () => {
    expect(shiftDecimal(1e-7, 2)).toBe(0.00001)
    expect(shiftDecimal(1.5e21, -20)).toBe(15)
    expect(roundTo(1.5e-7, 6)).toBe(0)
  })
})

describe('stat rounding', () => {
  it('rounds average CCU to one decimal', () => {
    expect(roundAverageCcu(12.34)).toBe(12.3)
    expect(roundAverageCcu(12.35)).toBe(12.4)
    expect(roundAverageCcu(1.45)).toBe(1.5)
    expect(roundAverageCcu(0.04)).toBe(0)
    expect(roundAverageCcu(100)).toBe(100)
  })

  it('floors other values', () => {
    expect(floorValue(2.99)).toBe(2)
    expect(floorValue(3)).toBe(3)
    expect(floorValue(0.5)).toBe(0)
  })

  it('multiplies the rating by 100 without binary noise', () => {
    expect(ratingTimes100(0.29)).toBe(29)
    expect(ratingTimes100(0.57)).toBe(57)
    expect(ratingTimes100(0.07)).toBe(7)
    expect(ratingTimes100(0.87654)).toBe(87.654)
    expect(ratingTimes100(1)).toBe(100)
  })

  it('shows like percentage ×100 to two decimals', () => {
    expect(likePercentageValue(0.87654)).toBe(87.65)
    expect(likePercentageValue(0.876549)).toBe(87.65)
    expect(likePercentageValue(0.876551)).toBe(87.66)
    expect(formatLikePercentage(0.5)).toBe('50.00%')
    expect(formatLikePercentage(1)).toBe('100.00%')
    expect(formatLikePercentage(0)).toBe('0.00%')
    expect(formatLikePercentage(0.123455)).toBe('12.35%')
  })
})
