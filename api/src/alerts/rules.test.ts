import { momentumOf } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import {
  averageChange,
  ccuCrossings,
  changesOf,
  momentumChanges,
  priceChanges,
  topNChanges,
  updateEvents,
} from './rules.ts'

/* The rules on hand-made series (issue 20 point 7): each case is worked out by hand in its comment. */

const SLOT = 600_000
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0)
const at = (i: number) => T0 + i * SLOT

describe('ccu crossings', () => {
  const series = [90, 95, 120, 130, 80, 100].map((ccu, i) => ({ slotMs: at(i), ccu }))

  it('fires above at each slot reaching the threshold from below: slots 2 (95 → 120) and 5 (80 → 100)', () => {
    const events = ccuCrossings({ kind: 'ccu', direction: 'above', threshold: 100 }, 7, 'Obby', series, SLOT)
    expect(events.map((e) => e.atMs)).toEqual([at(2), at(5)])
    expect(events[0]?.summary).toBe('Obby: CCU 120 went above 100 (was 95)')
  })

  it('fires below when a slot drops under the threshold: slot 4 (130 → 80)', () => {
    const events = ccuCrossings({ kind: 'ccu', direction: 'below', threshold: 100 }, 7, 'Obby', series, SLOT)
    expect(events.map((e) => e.atMs)).toEqual([at(4)])
  })

  it('needs the slot exactly before: a gap is no crossing, the first slot never fires', () => {
    const gapped = [
      { slotMs: at(0), ccu: 150 },
      { slotMs: at(2), ccu: 50 },
      { slotMs: at(3), ccu: 150 },
    ]
    const events = ccuCrossings({ kind: 'ccu', direction: 'above', threshold: 100 }, 7, 'Obby', gapped, SLOT)
    expect(events.map((e) => e.atMs)).toEqual([at(3)])
  })

  it('keys the same event the same way each time it is evaluated', () => {
    const rule = { kind: 'ccu', direction: 'above', threshold: 100 } as const
    const a = ccuCrossings(rule, 7, 'Obby', series, SLOT)
    const b = ccuCrossings(rule, 7, 'Obby renamed', series.slice(1), SLOT)
    expect(b.map((e) => e.key)).toEqual(a.map((e) => e.key))
  })
})

describe('change over a day or a week', () => {
  const rule = (direction: 'up' | 'down' | 'either', percent: number) =>
    ({ kind: 'change', period: 'day', direction, percent }) as const

  it('fires when 200 → 260 (+30 %) reaches 25 % up or either, not down', () => {
    expect(averageChange(rule('up', 25), 7, 'Obby', 200, 260, 1, 0)).toHaveLength(1)
    expect(averageChange(rule('either', 25), 7, 'Obby', 200, 260, 1, 0)[0]?.summary).toBe(
      'Obby: average CCU +30.0 % over the day (200 → 260)',
    )
    expect(averageChange(rule('down', 25), 7, 'Obby', 200, 260, 1, 0)).toEqual([])
  })

  it('does not fire under the percent: 200 → 240 is +20 %', () => {
    expect(averageChange(rule('up', 25), 7, 'Obby', 200, 240, 1, 0)).toEqual([])
  })

  it('fires down for 400 → 100 (−75 %); no percentage from a day before with 0 or missing', () => {
    expect(averageChange(rule('down', 50), 7, 'Obby', 400, 100, 1, 0)).toHaveLength(1)
    expect(averageChange(rule('either', 1), 7, 'Obby', 0, 100, 1, 0)).toEqual([])
    expect(averageChange(rule('either', 1), 7, 'Obby', undefined, 100, 1, 0)).toEqual([])
  })
})

describe('top N of a chart category', () => {
  const capture = (i: number, positions: [number, number][]) => ({
    slotMs: at(i),
    positions: new Map(positions),
  })
  // Place 7: #12 (out of the top 10), #4 (in), absent (out), #10 (in: the 10th is in the top 10).
  const captures = [capture(0, [[7, 12]]), capture(1, [[7, 4]]), capture(2, []), capture(3, [[7, 10]])]

  it('sees each entry and exit between consecutive captures', () => {
    const events = topNChanges(
      { kind: 'rank', categoryId: 8, topN: 10, direction: 'either' },
      7,
      'Obby',
      'Most Popular',
      captures,
    )
    expect(events.map((e) => [e.atMs, e.summary])).toEqual([
      [at(1), 'Obby entered the top 10 of Most Popular at #4'],
      [at(2), 'Obby left the top 10 of Most Popular'],
      [at(3), 'Obby entered the top 10 of Most Popular at #10'],
    ])
  })

  it('keeps only the asked direction, and needs a capture before the first', () => {
    const leave = topNChanges(
      { kind: 'rank', categoryId: 8, topN: 10, direction: 'leave' },
      7,
      'O',
      'M',
      captures,
    )
    expect(leave.map((e) => e.atMs)).toEqual([at(2)])
    expect(
      topNChanges({ kind: 'rank', categoryId: 8, topN: 10, direction: 'either' }, 7, 'O', 'M', [
        captures[1] as never,
      ]),
    ).toEqual([])
  })
})

describe('price and update changes', () => {
  it('reports each observation whose value differs from the one before (the first is the baseline)', () => {
    const obs = [5, 5, 10, 10, 0].map((value, i) => ({ atMs: at(i), value }))
    expect(changesOf(obs, (a, b) => a === b).map((c) => c.atMs)).toEqual([at(2), at(4)])
    expect(priceChanges(7, 'Obby', obs).map((e) => e.summary)).toEqual([
      'Obby: price changed from 5 to 10 Robux',
      'Obby: price changed from 10 to 0 Robux',
    ])
  })

  it('fires an update when the updated time moves and a thumbnail change per image type', () => {
    const updated = [
      { atMs: at(0), value: T0 - 86_400_000 },
      { atMs: at(1), value: T0 - 86_400_000 },
      { atMs: at(2), value: at(2) - 1000 },
    ]
    const thumbs = new Map([
      [
        'icon',
        [
          { atMs: at(0), value: 'a' },
          { atMs: at(3), value: 'b' },
        ],
      ],
      ['thumbnail', [{ atMs: at(0), value: 'x' }]],
    ])
    const events = updateEvents(7, 'Obby', updated, thumbs)
    expect(events.map((e) => e.key)).toEqual([
      `updated:7:${new Date(at(2) - 1000).toISOString()}`,
      `thumbnail:icon:7:${new Date(at(3)).toISOString()}`,
    ])
  })
})

describe('momentum changes', () => {
  const DAY = 86_400_000
  /** A day start (01:00 UTC), the day the label changes. */
  const D = Date.UTC(2026, 10, 16, 1, 0, 0)
  // 100 players a day for the 14 days before D, 250 on D. On D − 1 both windows average 100: Stable.
  // On D the last 7 days average (6 × 100 + 250) / 7 = 121.43 against 100: +21.4 %, Rising.
  const days = [
    ...Array.from({ length: 14 }, (_, i) => ({ dayStartMs: D - (14 - i) * DAY, averageCcu: 100 })),
    { dayStartMs: D, averageCcu: 250 },
  ]

  it('fires on the day the label turns from Stable to Rising, for `rising` and `any`, keyed by the day', () => {
    const rising = momentumChanges({ kind: 'momentum', to: 'rising' }, 7, 'Obby', days, D)
    expect(rising).toEqual([
      {
        key: `momentum:rising:7:${new Date(D).toISOString()}`,
        placeId: 7,
        summary: 'Obby: momentum turned Rising, was Stable (+21.4 % week on week)',
        atMs: D + DAY,
      },
    ])
    expect(momentumChanges({ kind: 'momentum', to: 'any' }, 7, 'Obby', days, D)).toHaveLength(1)
  })

  it('does not fire for another label, nor on a day whose label is the day before’s', () => {
    expect(momentumChanges({ kind: 'momentum', to: 'declining' }, 7, 'Obby', days, D)).toEqual([])
    expect(momentumChanges({ kind: 'momentum', to: 'stable' }, 7, 'Obby', days, D)).toEqual([])
    // On D − 1 (Stable after Stable) nothing changed.
    expect(momentumChanges({ kind: 'momentum', to: 'any' }, 7, 'Obby', days, D - DAY)).toEqual([])
  })

  it('takes a label given for the first time for no change', () => {
    // From D − 11 on: D's earlier window holds 5 days (labelled Rising), D − 1's only 4 (no label).
    const recent = days.filter((d) => d.dayStartMs >= D - 11 * DAY)
    expect(momentumOf(recent, D).label).toBe('rising')
    expect(momentumOf(recent, D - DAY).label).toBeNull()
    expect(momentumChanges({ kind: 'momentum', to: 'any' }, 7, 'Obby', recent, D)).toEqual([])
  })
})
