import { describe, expect, it } from 'vitest'
import {
  dateStep,
  dateTicks,
  dateTickValues,
  formatTickNumber,
  linearStep,
  numberTicks,
  targetTickCount,
  tickExponent,
} from './ticks.ts'

const DAY = 86_400_000

describe('number ticks', () => {
  it('picks 2, 5 or 10 times a power of ten for the target count', () => {
    expect(linearStep(0, 1000, 9.6)).toBe(200)
    expect(linearStep(0, 330, 7.1)).toBe(50)
    expect(linearStep(0, 0.9, 5)).toBeCloseTo(0.2)
  })

  it('aims at one tick per 40 px on y and 80 px on x, within 4 to 9 (plus one)', () => {
    expect(targetTickCount(344, 'y')).toBeCloseTo(9.6)
    expect(targetTickCount(100, 'y')).toBe(5)
    expect(targetTickCount(2000, 'x')).toBe(10)
  })

  it('writes k and M from 10,000 up, as Plotly does, with the suffix', () => {
    expect(tickExponent(0, 9000)).toBe(0)
    expect(tickExponent(0, 450_000)).toBe(3)
    expect(tickExponent(0, 2_500_000)).toBe(6)
    expect(numberTicks(0, 450_000, 9.6).map((t) => t.label)).toEqual([
      '0',
      '50k',
      '100k',
      '150k',
      '200k',
      '250k',
      '300k',
      '350k',
      '400k',
      '450k',
    ])
    expect(numberTicks(0, 2_100_000, 5).map((t) => t.label)).toEqual(['0', '0.5M', '1M', '1.5M', '2M'])
    expect(numberTicks(90, 100, 5, { suffix: '%' }).map((t) => t.label)).toEqual([
      '90%',
      '92%',
      '94%',
      '96%',
      '98%',
      '100%',
    ])
  })

  it('honours an explicit dtick and writes negatives with a minus sign', () => {
    expect(numberTicks(0, 8_400_000, 10, { dtick: 2_000_000 }).map((t) => t.label)).toEqual([
      '0',
      '2M',
      '4M',
      '6M',
      '8M',
    ])
    expect(formatTickNumber(-20_000, 3)).toBe('\u221220k')
    expect(formatTickNumber(0.30000000000000004, 0)).toBe('0.3')
  })
})

describe('date ticks', () => {
  it('chooses day, week, month steps by span', () => {
    expect(dateStep((30 * DAY) / 10)).toEqual({ unit: 'day', count: 3 })
    expect(dateStep((60 * DAY) / 10)).toEqual({ unit: 'day', count: 7 })
    expect(dateStep((365 * DAY) / 10)).toEqual({ unit: 'month', count: 2 })
    expect(dateStep((2 * DAY) / 10)).toEqual({ unit: 'hour', count: 6 })
  })

  it('aligns weeks on Sundays and months on the first, in UTC', () => {
    const min = Date.UTC(2025, 9, 1)
    const weeks = dateTickValues(min, Date.UTC(2025, 10, 15), { unit: 'day', count: 7 })
    expect(weeks.map((t) => new Date(t).getUTCDay())).toEqual(weeks.map(() => 0))
    expect(new Date(weeks[0] ?? 0).toISOString()).toBe('2025-10-05T00:00:00.000Z')
    const quarters = dateTickValues(Date.UTC(2025, 1, 10), Date.UTC(2026, 0, 1), { unit: 'month', count: 3 })
    expect(quarters.map((t) => new Date(t).toISOString().slice(0, 10))).toEqual([
      '2025-04-01',
      '2025-07-01',
      '2025-10-01',
      '2026-01-01',
    ])
  })

  it("labels days like Plotly: 'Oct 25' with the year under the first tick and where it changes", () => {
    const ticks = dateTicks(Date.UTC(2025, 11, 20), Date.UTC(2026, 0, 12), 8)
    expect(ticks[0]).toEqual({ value: Date.UTC(2025, 11, 21), label: 'Dec 21', sub: '2025' })
    expect(ticks[1]).toEqual({ value: Date.UTC(2025, 11, 24), label: 'Dec 24' })
    const jan = ticks.find((t) => t.label.startsWith('Jan'))
    expect(jan?.sub).toBe('2026')
    expect(ticks.filter((t) => t.sub).length).toBe(2)
  })

  it('labels hours with the day as the header', () => {
    const ticks = dateTicks(Date.UTC(2025, 9, 25, 0), Date.UTC(2025, 9, 25, 23), 8)
    expect(ticks[0]).toEqual({ value: Date.UTC(2025, 9, 25, 0), label: '00:00', sub: 'Oct 25, 2025' })
    expect(ticks[1]?.label).toBe('03:00')
  })
})
