import { describe, expect, it } from 'vitest'
import { alignedX, isAlignedByLaunch, launchAlignment, launchOf, withAlignment } from './align.ts'

const DAY = 86_400_000
const at = (iso: string) => Date.parse(iso)

describe('align by launch (issue 16.4)', () => {
  it('takes the release date, or the creation when the release is unset (year 0001)', () => {
    expect(launchOf({ released: '2024-06-01T00:00:00.000Z', created: '2023-01-01T00:00:00.000Z' })).toBe(
      at('2024-06-01T00:00:00.000Z'),
    )
    expect(launchOf({ released: '0001-01-01T00:00:00.000Z', created: '2023-01-01T00:00:00.000Z' })).toBe(
      at('2023-01-01T00:00:00.000Z'),
    )
    expect(launchOf({ released: '0001-01-01T00:00:00.000Z', created: '0001-01-01T00:00:00.000Z' })).toBeNull()
  })

  it('puts a time at its days since launch', () => {
    const launch = at('2024-06-01T00:00:00.000Z')
    expect(alignedX(launch, launch)).toBe(0)
    expect(alignedX(launch + 7 * DAY, launch)).toBe(7)
    expect(alignedX(launch + DAY / 4, launch)).toBe(0.25)
    expect(alignedX(launch - DAY, launch)).toBe(-1)
  })

  it('reads the data from the earliest launch to the latest plus the range', () => {
    const a = at('2024-01-01T00:00:00.000Z')
    const b = at('2024-03-01T00:00:00.000Z')
    const alignment = launchAlignment(
      new Map([
        [1, b],
        [2, a],
      ]),
    )!
    expect(alignment.fromMs).toBe(a)
    const week = { min: 0, max: 7 * DAY }
    expect(alignment.windowDays(week)).toBe(7)
    expect(alignment.toMs(week)).toBe(b + 7 * DAY)
    expect(alignment.windowDays(null)).toBeNull()
    expect(alignment.toMs(null)).toBeUndefined()
    expect(launchAlignment(new Map())).toBeNull()
  })

  it('keeps the toggle in the query, other parameters kept', () => {
    expect(isAlignedByLaunch(new URLSearchParams('align=launch'))).toBe(true)
    expect(isAlignedByLaunch(new URLSearchParams('align=other'))).toBe(false)
    expect(withAlignment(new URLSearchParams('x=1'), true)).toBe('?x=1&align=launch')
    expect(withAlignment(new URLSearchParams('align=launch'), false)).toBe('')
  })
})
