import {
  dateTimeParam,
  latestChartPositionsSql,
  readRows,
  type StoreReader,
  tables,
} from '@ludex/pipelines/store'
import { type PlacementDay, type PlacementSummary, placementSummary } from '@ludex/schemas'

const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`)

/** One category's days for an experience, and the category's own captured days with their first slot. */
export interface CategoryPlacement extends PlacementSummary {
  readonly categoryId: number
  /** Per day of a change: the slot that shows it (first capture with the experience, or of the day). */
  readonly evidence: ReadonlyMap<number, number>
}

/**
 * An experience's placement history in each chart category it was ranked or sponsored in since fromMs
 * (UTC days): entries, exits, days in, best rank and captures at it, sponsored days (placementSummary).
 * A category counts once per slot however many upstream sorts feed it (the better position).
 */
export async function placementHistory(
  store: StoreReader,
  placeId: number,
  fromMs: number,
): Promise<CategoryPlacement[]> {
  const params = { placeId, from: dateTimeParam(fromMs) }
  const days = await readRows<{
    category_id: number
    d: string
    best: number | null
    at_best: number
    sponsored: number
    first_seen: number
  }>(store, {
    what: 'placement days',
    query: `SELECT category_id, toString(toDate(slot)) AS d, min(pos) AS best,
            arrayCount(x -> x = min(pos), groupArray(pos)) AS at_best, toUInt8(max(sp)) AS sponsored,
            toUnixTimestamp(minIf(slot, pos IS NOT NULL)) AS first_seen
     FROM (
       SELECT category_id, slot, min(position) AS pos, max(sponsored) AS sp
       FROM (${latestChartPositionsSql(
         "place_id = {placeId:UInt64} AND category_id != 0 AND slot >= {from:DateTime('UTC')}",
       )})
       GROUP BY category_id, slot
     )
     GROUP BY category_id, d
     ORDER BY category_id, d`,
    params,
    int64: ['at_best'],
  })
  if (days.length === 0) return []
  const categories = [...new Set(days.map((d) => d.category_id))]
  // Without FINAL: which days a category was captured, and their first slot, are the same whichever
  // versions of a capture are still unmerged (every category's rows are read here: FINAL was 5x the work).
  const captured = await readRows<{ category_id: number; d: string; first: number }>(store, {
    what: 'captured category days',
    query: `SELECT category_id, toString(toDate(slot)) AS d, toUnixTimestamp(min(slot)) AS first
     FROM ${tables.chartPositions}
     WHERE category_id IN {categories:Array(UInt8)} AND slot >= {from:DateTime('UTC')}
     GROUP BY category_id, d`,
    params: { ...params, categories },
  })
  return categories.map((categoryId) => {
    const mine = days.filter((d) => d.category_id === categoryId)
    const theirs = captured.filter((c) => c.category_id === categoryId)
    const placementDays: PlacementDay[] = mine.map((d) => ({
      day: dayMs(d.d),
      bestRank: d.best,
      slotsAtBest: d.best === null ? 0 : d.at_best,
      sponsored: d.sponsored === 1,
    }))
    const summary = placementSummary(
      placementDays,
      theirs.map((c) => dayMs(c.d)),
    )
    const evidence = new Map<number, number>()
    for (const c of theirs) evidence.set(dayMs(c.d), c.first * 1000)
    for (const d of mine) if (d.best !== null) evidence.set(dayMs(d.d), d.first_seen * 1000)
    return { categoryId, ...summary, evidence }
  })
}
