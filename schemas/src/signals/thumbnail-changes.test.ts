import { describe, expect, it } from 'vitest'
import { thumbnailMarkerText } from './marker-text.ts'
import { type ThumbnailObservation, thumbnailChanges } from './thumbnail-changes.ts'

const HOUR = 3_600_000
const T0 = Date.UTC(2026, 10, 2, 9)

const icon = (hours: number, hash: string): ThumbnailObservation => ({
  type: 'Icon',
  hash,
  time: T0 + hours * HOUR,
})
const banner = (hours: number, hash: string): ThumbnailObservation => ({
  type: 'Banner',
  hash,
  time: T0 + hours * HOUR,
})

describe('thumbnailChanges', () => {
  it('marks nothing for first captures nor for a repeated hash', () => {
    expect(thumbnailChanges([icon(0, 'a'), banner(0, 'b')], 0)).toEqual([])
    expect(thumbnailChanges([icon(0, 'a'), icon(5, 'a'), banner(0, 'b'), banner(9, 'b')], 0)).toEqual([])
  })

  it('marks exactly the capture whose hash differs from the one before, with both hashes', () => {
    const changes = thumbnailChanges([icon(0, 'a'), banner(0, 'b'), icon(3, 'a2'), icon(7, 'a2')], 0)
    expect(changes).toEqual([{ time: T0 + 3 * HOUR, swaps: [{ type: 'Icon', from: 'a', to: 'a2' }] }])
  })

  it('groups the images replaced at one capture into one change, icon first, oldest change first', () => {
    const changes = thumbnailChanges(
      [banner(4, 'b2'), icon(4, 'a2'), banner(0, 'b'), icon(0, 'a'), icon(9, 'a')],
      0,
    )
    expect(changes).toEqual([
      {
        time: T0 + 4 * HOUR,
        swaps: [
          { type: 'Icon', from: 'a', to: 'a2' },
          { type: 'Banner', from: 'b', to: 'b2' },
        ],
      },
      // back to the first image is a change too
      { time: T0 + 9 * HOUR, swaps: [{ type: 'Icon', from: 'a2', to: 'a' }] },
    ])
  })

  it('reads captures before the window as baseline only', () => {
    const seen = [icon(0, 'a'), icon(2, 'a2'), icon(6, 'a3')]
    expect(thumbnailChanges(seen, T0 + 3 * HOUR)).toEqual([
      { time: T0 + 6 * HOUR, swaps: [{ type: 'Icon', from: 'a2', to: 'a3' }] },
    ])
    // the baseline alone before the window: a first change inside it still has its old image
    expect(thumbnailChanges([icon(0, 'a'), icon(6, 'a3')], T0 + 3 * HOUR)[0]?.swaps).toEqual([
      { type: 'Icon', from: 'a', to: 'a3' },
    ])
  })

  it('says which images changed and when', () => {
    const [one, both] = [
      thumbnailChanges([icon(0, 'a'), icon(1, 'b')], 0)[0],
      thumbnailChanges([icon(0, 'a'), banner(0, 'x'), icon(1, 'b'), banner(1, 'y')], 0)[0],
    ]
    expect(one && thumbnailMarkerText(one)).toBe(
      'The icon image was replaced: first captured at Nov 2, 2026, 10:00 UTC, different from the capture before.',
    )
    expect(both && thumbnailMarkerText(both)).toMatch(/^The icon and banner images were replaced: /)
  })
})
