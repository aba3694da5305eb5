import {
  type AlertRule,
  type DailyCcu,
  MOMENTUM_LABEL_TEXT,
  momentumOf,
  nextPeriodStart,
  periodStart,
} from '@ludex/schemas'

/*
 * The rules, as pure functions over what the store observed (observations.ts reads it). Each answers
 * the events of one experience, keyed so the same event always has the same key: the app database
 * keeps one firing per (alert, key), so evaluating a slot again fires nothing new.
 */

/** Something that happened to one experience, as an alert reports it. */
export interface AlertEvent {
  readonly key: string
  readonly placeId: number
  readonly summary: string
  /** When it happened (the slot, the day's end, the observation): never before the alert existed. */
  readonly atMs: number
}

/** One slot's CCU of one experience. */
export interface CcuPoint {
  readonly slotMs: number
  readonly ccu: number
}

type Rule<K extends AlertRule['kind']> = Extract<AlertRule, { kind: K }>

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * A crossing: the slot's CCU is on the rule's side of the threshold (above: ≥, below: <) and the slot
 * before it (exactly one slot earlier) was not. A missing slot before is no crossing: the first
 * observation of an experience never fires.
 */
export function ccuCrossings(
  rule: Rule<'ccu'>,
  placeId: number,
  name: string,
  points: readonly CcuPoint[],
  slotMs: number,
): AlertEvent[] {
  const bySlot = new Map(points.map((p) => [p.slotMs, p.ccu]))
  const on = (ccu: number) => (rule.direction === 'above' ? ccu >= rule.threshold : ccu < rule.threshold)
  const out: AlertEvent[] = []
  for (const p of [...points].sort((a, b) => a.slotMs - b.slotMs)) {
    const before = bySlot.get(p.slotMs - slotMs)
    if (before === undefined || !on(p.ccu) || on(before)) continue
    out.push({
      key: `ccu:${rule.direction}:${rule.threshold}:${placeId}:${iso(p.slotMs)}`,
      placeId,
      summary: `${name}: CCU ${p.ccu.toLocaleString('en-US')} went ${rule.direction} ${rule.threshold.toLocaleString('en-US')} (was ${before.toLocaleString('en-US')})`,
      atMs: p.slotMs,
    })
  }
  return out
}

/**
 * The change of the average CCU of the last closed period against the period before, in percent;
 * fires when its size reaches the rule's percent in the rule's direction. A period before with an
 * average of 0 has no percentage: no firing.
 */
export function averageChange(
  rule: Rule<'change'>,
  placeId: number,
  name: string,
  before: number | undefined,
  after: number | undefined,
  closedAtMs: number,
  bucketMs: number,
): AlertEvent[] {
  if (before === undefined || after === undefined || before <= 0) return []
  const pct = ((after - before) / before) * 100
  const up = pct >= rule.percent
  const down = -pct >= rule.percent
  const fired = rule.direction === 'up' ? up : rule.direction === 'down' ? down : up || down
  if (!fired) return []
  const sign = pct >= 0 ? '+' : '−'
  return [
    {
      key: `change:${rule.period}:${rule.direction}:${rule.percent}:${placeId}:${iso(bucketMs)}`,
      placeId,
      summary: `${name}: average CCU ${sign}${Math.abs(pct).toFixed(1)} % over the ${rule.period} (${Math.round(before).toLocaleString('en-US')} → ${Math.round(after).toLocaleString('en-US')})`,
      atMs: closedAtMs,
    },
  ]
}

/** One capture of a chart category: the positions of the experiences it listed (sponsored left out). */
export interface ChartCapture {
  readonly slotMs: number
  readonly positions: ReadonlyMap<number, number>
}

/**
 * Entries into and exits from the top N between consecutive captures of the category (ordered by
 * slot). An experience absent from a capture is outside its top N. The first capture has no before.
 */
export function topNChanges(
  rule: Rule<'rank'>,
  placeId: number,
  name: string,
  categoryName: string,
  captures: readonly ChartCapture[],
): AlertEvent[] {
  const inTop = (c: ChartCapture) => {
    const pos = c.positions.get(placeId)
    return pos !== undefined && pos <= rule.topN
  }
  const out: AlertEvent[] = []
  const sorted = [...captures].sort((a, b) => a.slotMs - b.slotMs)
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as ChartCapture
    const cur = sorted[i] as ChartCapture
    const was = inTop(prev)
    const is = inTop(cur)
    if (was === is) continue
    const move = is ? 'enter' : 'leave'
    if (rule.direction !== 'either' && rule.direction !== move) continue
    out.push({
      key: `rank:${rule.categoryId}:${rule.topN}:${move}:${placeId}:${iso(cur.slotMs)}`,
      placeId,
      summary: is
        ? `${name} entered the top ${rule.topN} of ${categoryName} at #${cur.positions.get(placeId)}`
        : `${name} left the top ${rule.topN} of ${categoryName}`,
      atMs: cur.slotMs,
    })
  }
  return out
}

/** One observed state of an experience's details (a row of place_details) or of a thumbnail set. */
export interface Observed<T> {
  readonly atMs: number
  readonly value: T
}

/**
 * Changes of an observed value: each observation whose value differs from the one before it. The
 * first observation is the baseline (no before, no change).
 */
export function changesOf<T>(observed: readonly Observed<T>[], same: (a: T, b: T) => boolean): Observed<T>[] {
  const sorted = [...observed].sort((a, b) => a.atMs - b.atMs)
  const out: Observed<T>[] = []
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as Observed<T>
    const cur = sorted[i] as Observed<T>
    if (!same(prev.value, cur.value)) out.push(cur)
  }
  return out
}

/** Price changes, from the experience's detail observations (price in Robux; 0 = free). */
export function priceChanges(
  placeId: number,
  name: string,
  prices: readonly Observed<number>[],
): AlertEvent[] {
  const sorted = [...prices].sort((a, b) => a.atMs - b.atMs)
  return changesOf(sorted, (a, b) => a === b).map((c) => {
    const before = sorted.filter((p) => p.atMs < c.atMs).at(-1)?.value ?? 0
    return {
      key: `price:${placeId}:${iso(c.atMs)}`,
      placeId,
      summary: `${name}: price changed from ${before} to ${c.value} Robux`,
      atMs: c.atMs,
    }
  })
}

/**
 * Updates (the `updated` time moved) and thumbnail changes: each thumbnail type's observations are
 * their own series (the sink writes a row when that type's image changes).
 */
export function updateEvents(
  placeId: number,
  name: string,
  updated: readonly Observed<number>[],
  thumbnailsByType: ReadonlyMap<string, readonly Observed<string>[]>,
): AlertEvent[] {
  const updates = changesOf(updated, (a, b) => a === b).map((c) => ({
    key: `updated:${placeId}:${iso(c.value)}`,
    placeId,
    summary: `${name} was updated (${iso(c.value)})`,
    atMs: c.atMs,
  }))
  const thumbs = [...thumbnailsByType].flatMap(([type, series]) =>
    changesOf(series, (a, b) => a === b).map((c) => ({
      key: `thumbnail:${type}:${placeId}:${iso(c.atMs)}`,
      placeId,
      summary: `${name}: the ${type} image changed`,
      atMs: c.atMs,
    })),
  )
  return [...updates, ...thumbs]
}

/**
 * A momentum change: the label of the last complete day (its windows ending with `dayStartMs`) against
 * the label of the day before, both by `momentumOf`, the rule the momentum API labels with. Fires when
 * both days have a label, they differ, and the new one is the rule's (`any`: whichever). The event is
 * the day's, known once the day has closed: one key per (experience, day).
 */
export function momentumChanges(
  rule: Rule<'momentum'>,
  placeId: number,
  name: string,
  days: readonly DailyCcu[],
  dayStartMs: number,
): AlertEvent[] {
  const before = momentumOf(days, periodStart(dayStartMs - 1, 'day')).label
  const now = momentumOf(days, dayStartMs)
  if (before === null || now.label === null || before === now.label) return []
  if (rule.to !== 'any' && rule.to !== now.label) return []
  const change =
    now.change === null
      ? ''
      : ` (${now.change >= 0 ? '+' : '−'}${Math.abs(now.change * 100).toFixed(1)} % week on week)`
  return [
    {
      key: `momentum:${rule.to}:${placeId}:${iso(dayStartMs)}`,
      placeId,
      summary: `${name}: momentum turned ${MOMENTUM_LABEL_TEXT[now.label]}, was ${MOMENTUM_LABEL_TEXT[before]}${change}`,
      atMs: nextPeriodStart(dayStartMs, 'day'),
    },
  ]
}
