import type { ClickHouseClient } from '@clickhouse/client'
import type { dailyPick } from '@ludex/schemas'
import type { z } from 'zod'
import { queryRows } from './query.ts'

type DailyPick = z.input<typeof dailyPick>

interface PicksRow {
  day: string
  place_ids: (number | string)[]
  names: string[]
}

/** One row per date holds the whole list (a later observation replaces the list): zip it back. */
function toPick(row: PicksRow): DailyPick {
  return {
    date: row.day,
    places: row.place_ids.map((id, i) => ({ place_id: Number(id), name: row.names[i] ?? '' })),
  }
}

/** The picks of the latest date up to `today` (YYYY-MM-DD), or null when none were ever captured. */
export async function latestDailyPicks(client: ClickHouseClient, today: string): Promise<DailyPick | null> {
  const rows = await queryRows<PicksRow>(
    client,
    `SELECT toString(date) AS day, place_ids, names
     FROM daily_picks FINAL
     WHERE date <= {today:Date}
     ORDER BY date DESC
     LIMIT 1`,
    { today },
  )
  return rows[0] ? toPick(rows[0]) : null
}

/** The picks of every date in [from, to] (YYYY-MM-DD, both included), by date. */
export async function dailyPicksBetween(
  client: ClickHouseClient,
  from: string,
  to: string,
): Promise<DailyPick[]> {
  const rows = await queryRows<PicksRow>(
    client,
    `SELECT toString(date) AS day, place_ids, names
     FROM daily_picks FINAL
     WHERE date >= {from:Date} AND date <= {to:Date}
     ORDER BY date`,
    { from, to },
  )
  return rows.map(toPick)
}
