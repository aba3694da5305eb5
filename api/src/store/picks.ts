import { readRows, type StoreReader, tables } from '@ludex/pipelines/store'
import type { dailyPick } from '@ludex/schemas'
import type { z } from 'zod'

type DailyPick = z.input<typeof dailyPick>

interface PicksRow {
  day: string
  place_ids: number[]
  names: string[]
}

/** One row per date holds the whole list (a later observation replaces the list): zip it back. */
function toPick(row: PicksRow): DailyPick {
  return {
    date: row.day,
    places: row.place_ids.map((id, i) => ({ place_id: id, name: row.names[i] ?? '' })),
  }
}

/** The picks of the latest date up to `today` (YYYY-MM-DD), or null when none were ever captured. */
export async function latestDailyPicks(store: StoreReader, today: string): Promise<DailyPick | null> {
  const rows = await readRows<PicksRow>(store, {
    what: 'latest daily picks',
    query: `SELECT toString(date) AS day, place_ids, names
     FROM ${tables.dailyPicks} FINAL
     WHERE date <= {today:Date}
     ORDER BY date DESC
     LIMIT 1`,
    params: { today },
    int64: ['place_ids'],
  })
  return rows[0] ? toPick(rows[0]) : null
}

/** The picks of every date in [from, to] (YYYY-MM-DD, both included), by date. */
export async function dailyPicksBetween(store: StoreReader, from: string, to: string): Promise<DailyPick[]> {
  const rows = await readRows<PicksRow>(store, {
    what: 'daily picks',
    query: `SELECT toString(date) AS day, place_ids, names
     FROM ${tables.dailyPicks} FINAL
     WHERE date >= {from:Date} AND date <= {to:Date}
     ORDER BY date`,
    params: { from, to },
    int64: ['place_ids'],
  })
  return rows.map(toPick)
}
