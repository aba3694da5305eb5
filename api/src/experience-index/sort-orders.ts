import {
  displayGenreName,
  type ExperienceListSort,
  type MomentumResponse,
  type SlimExperience,
  type SortOrder,
} from '@ludex/schemas'
import type { ExperienceIndex } from './build.ts'

/**
 * The rows' positions in the order of a column. Rows that tie on the column keep the base order (by
 * rank, then place id) whichever the direction, as the table's stable sort kept them; rows without a
 * value (an experience without a momentum label) come last either way. Null for the base order
 * itself (rank ascending), which needs no array.
 */
export function sortOrder(
  index: ExperienceIndex,
  sort: ExperienceListSort,
  order: SortOrder,
  momentum: MomentumResponse | null,
): Uint32Array | null {
  if ((sort === 'rank' || sort === 'players_online') && order === (sort === 'rank' ? 'asc' : 'desc')) {
    return null
  }
  // Momentum is computed apart from the rows (once a day): its orders are kept per momentum answer.
  const kept =
    sort === 'momentum'
      ? momentum && index.momentumOrders.get(momentum)?.get(order)
      : index.sortOrders.get(`${sort}:${order}`)
  if (kept) return kept
  const built = buildOrder(index, sort, order, momentum)
  if (sort !== 'momentum') index.sortOrders.set(`${sort}:${order}`, built)
  else if (momentum) {
    const orders = index.momentumOrders.get(momentum) ?? new Map<SortOrder, Uint32Array>()
    orders.set(order, built)
    index.momentumOrders.set(momentum, orders)
  }
  return built
}

/** A row's value in a column; undefined for none (sorted last). */
type Key = (row: SlimExperience, position: number) => number | string | undefined

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

function buildOrder(
  index: ExperienceIndex,
  sort: ExperienceListSort,
  order: SortOrder,
  momentum: MomentumResponse | null,
): Uint32Array {
  const key = keyOf(index, sort, momentum)
  const n = index.rows.length
  const values = new Array<number | string | undefined>(n)
  for (let i = 0; i < n; i++) values[i] = key(index.rows[i] as SlimExperience, i)
  const sign = order === 'asc' ? 1 : -1
  const positions = new Uint32Array(n)
  for (let i = 0; i < n; i++) positions[i] = i
  return positions.sort((a, b) => {
    const x = values[a]
    const y = values[b]
    if (x === undefined || y === undefined) {
      if (x !== y) return x === undefined ? 1 : -1
      return a - b
    }
    const c = typeof x === 'string' ? collator.compare(x, y as string) : x - (y as number)
    return c !== 0 ? sign * c : a - b
  })
}

function keyOf(index: ExperienceIndex, sort: ExperienceListSort, momentum: MomentumResponse | null): Key {
  switch (sort) {
    case 'rank':
      return (_, i) => index.ranks[i]
    case 'players_online':
      return (r) => r.players_online
    case 'like_percentage':
      return (r) => r.like_percentage
    case 'total_visits':
      return (r) => r.total_visits
    case 'name':
      return (r) => r.name
    case 'genre':
      return (r) => displayGenreName(r.genre)
    case 'momentum': {
      // Sorted by the change behind the label (issue 20.3); experiences without a label have no value.
      const change = new Map<number, number>()
      for (const p of momentum?.places ?? []) {
        if (p.momentum !== null && p.change !== null) change.set(p.place_id, p.change)
      }
      return (r) => change.get(r.place_id)
    }
  }
}
