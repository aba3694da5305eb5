import {
  type ExperienceListPage,
  type ExperienceListSort,
  type MomentumResponse,
  type RankedExperience,
  reduceGameUrlToId,
  type SortOrder,
} from '@ludex/schemas'
import { type ExperienceIndex, rankedAt } from './build.ts'
import { idText, keptBySearch } from './search.ts'
import { sortOrder } from './sort-orders.ts'

export interface ListOptions {
  readonly page: number
  readonly pageSize: number
  readonly sort: ExperienceListSort
  readonly order: SortOrder
  /** The list's search text as typed (a game link is reduced here); blank keeps every row. */
  readonly search: string
  /** Keeps only these place ids (a tag's members); null keeps every row. */
  readonly placeIds: ReadonlySet<number> | null
  /** Every experience's momentum, for the momentum column's order (null: none has a label). */
  readonly momentum: MomentumResponse | null
}

/**
 * One page of the rows kept by the search and the place-id filter, in the column's order, with how
 * many rows are kept in all. Ranks are among every tracked experience, whatever is kept. A page past
 * the last is empty (its `total` says where the last one is).
 */
export function listExperiences(index: ExperienceIndex, options: ListOptions): ExperienceListPage {
  const order = sortOrder(index, options.sort, options.order, options.momentum)
  const n = index.rows.length
  const positionAt = (i: number) => (order === null ? i : (order[i] as number))
  const keep = filterOf(index, options)
  const from = (options.page - 1) * options.pageSize
  const to = from + options.pageSize
  const items: RankedExperience[] = []
  let total = 0
  if (keep === null) {
    total = n
    for (let i = from; i < Math.min(to, n); i++) items.push(rankedAt(index, positionAt(i)))
  } else {
    for (let i = 0; i < n; i++) {
      const position = positionAt(i)
      if (!keep(position)) continue
      if (total >= from && total < to) items.push(rankedAt(index, position))
      total++
    }
  }
  return { total, tracked: n, page: options.page, page_size: options.pageSize, items }
}

/** Whether a row (by position) is kept; null when every row is. */
function filterOf(index: ExperienceIndex, options: ListOptions): ((position: number) => boolean) | null {
  const needle = reduceGameUrlToId(options.search).toLowerCase()
  const id = idText(needle)
  const members = options.placeIds
  const bySearch = needle === '' ? null : (p: number) => keptBySearch(index, p, needle, id)
  const byMembers = members === null ? null : (p: number) => members.has(index.rows[p]?.place_id ?? 0)
  if (bySearch && byMembers) return (p) => byMembers(p) && bySearch(p)
  return bySearch ?? byMembers
}
