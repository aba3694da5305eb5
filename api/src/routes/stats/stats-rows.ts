import { floorValue, ratingTimes100, roundAverageCcu, type StatKind } from '@ludex/schemas'
import type { AverageRow, PlaceStatRow } from '../../store/stats.ts'

/*
 * The spec's row rules (part 1 §3, §9): average CCU rounded to 1 decimal; rating as the like ratio ×100
 * (kept to its decimals: flooring would move a 0–100 rating chart by up to a point); likes as
 * [time, likes, -dislikes]; every other value floored.
 */

export type StatRow = [number, number] | [number, number, number] | [number, number, number, number]

/** Rounds one raw value of a kind as its rows carry it. */
export function statValue(kind: StatKind, raw: number): number {
  switch (kind) {
    case 'ccus':
      return roundAverageCcu(raw)
    case 'rating':
      return ratingTimes100(raw)
    default:
      return floorValue(raw)
  }
}

/** Dislikes are shown negative; `0 - x` keeps a zero from becoming -0. */
function negated(down: number): number {
  return 0 - floorValue(down)
}

export function placeRow(kind: StatKind, row: PlaceStatRow): StatRow {
  if (kind === 'likes') return [row.time, floorValue(row.value), negated(row.second ?? 0)]
  return [row.time, statValue(kind, row.value)]
}

export function averageRow(kind: StatKind, row: AverageRow): StatRow {
  if (kind === 'likes') return [row.time, floorValue(row.value), negated(row.second ?? 0)]
  const value = statValue(kind, row.value)
  if (row.lower === undefined || row.upper === undefined) return [row.time, value]
  return [row.time, value, statValue(kind, row.lower), statValue(kind, row.upper)]
}
