import { describe, expect, it } from 'vitest'
import { TEN_MINUTES_MS } from '../bus/common.ts'
import { periodStart } from '../time/periods.ts'
import * as L from './limits.ts'

describe('limits agree with each other and with the rules that use them', () => {
  it('dates and their epoch forms name the same instant', () => {
    expect(L.DAILY_PICKS_START_MS).toBe(Date.parse(`${L.DAILY_PICKS_START_DATE}T00:00:00Z`))
    expect(L.THUMBNAILS_START_MS).toBe(Date.parse(`${L.THUMBNAILS_START_DATE}T00:00:00Z`))
    expect(L.GENRE_STATS_START_MS).toBe(Date.parse(`${L.GENRE_STATS_START_DATE}T00:00:00Z`))
    expect(L.TAG_STATS_START_MS).toBe(Date.parse(L.TAG_STATS_START))
  })

  it('tag stats start on a day period start', () => {
    expect(periodStart(L.TAG_STATS_START_MS, 'day')).toBe(L.TAG_STATS_START_MS)
  })

  it('the daily picks floor month holds the first daily pick', () => {
    const d = new Date(L.DAILY_PICKS_START_MS)
    expect({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 }).toEqual(L.DAILY_PICKS_FLOOR_MONTH)
  })

  it('the slot is the bus slot and the anchor check is a day short of the visitor window', () => {
    expect(L.SLOT_MS).toBe(TEN_MINUTES_MS)
    expect(L.UNSIGNED_ANCHOR_CHECK_DAYS).toBe(L.UNSIGNED_HISTORY_DAYS - 1)
    expect(L.UNSIGNED_HISTORY_MS).toBe(30 * 86_400_000)
  })

  it('the two Robux rates are each other’s inverse to the stated precision', () => {
    expect(L.USD_PER_ROBUX * L.ROBUX_PER_USD).toBeCloseTo(1, 8)
  })

  it('breakpoints and thumbnail sizes ascend, banners keep a 16:10 to 16:9 shape', () => {
    const bps = Object.values(L.BREAKPOINTS_PX)
    expect([...bps].sort((a, b) => a - b)).toEqual(bps)
    expect([...L.ICON_SIZES_PX].sort((a, b) => a - b)).toEqual([...L.ICON_SIZES_PX])
    for (const b of L.BANNER_SIZES_PX) {
      expect(b.width / b.height).toBeGreaterThanOrEqual(16 / 10)
      expect(b.width / b.height).toBeLessThanOrEqual(16 / 9 + 1e-9)
    }
  })

  it('search limits match the spec', () => {
    expect(L.SEARCH_SUGGESTIONS_MAX).toBe(9)
    expect(L.SEARCH_MIN_CHARS).toBe(3)
    expect(L.GLOBAL_SEARCH_DEBOUNCE_MS).toBe(500)
    expect(L.LIST_SEARCH_DEBOUNCE_MS).toBe(300)
    expect(L.COMPARE_MAX_EXPERIENCES).toBe(6)
    expect(L.TAG_ADD_DIALOG_ROWS).toBe(5)
    expect(L.TOP_FIVE_SIZE).toBe(5)
    expect(L.DEFAULT_PAGE_SIZE).toBe(20)
    expect(L.MIN_PASSWORD_LENGTH).toBe(8)
  })
})
