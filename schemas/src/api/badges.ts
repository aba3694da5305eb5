import { z } from 'zod'
import { csvField } from '../export/csv.ts'

/** One row of the badge stats CSV download. */
export interface BadgeStatRow {
  readonly badge_id: number
  readonly name: string
  readonly description: string
  readonly enabled: boolean
  readonly awarded_count: number
  readonly past_day_awarded_count: number
  readonly win_rate_percentage: number
  readonly created: string
  readonly updated: string
}

/** The JSON form of the badge stats (the same rows as the CSV, for clients that ask for JSON). */
export const badgeStat = z.object({
  badge_id: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  awarded_count: z.number().nonnegative(),
  past_day_awarded_count: z.number().nonnegative(),
  /** Percent of players who earn it. */
  win_rate_percentage: z.number().nonnegative(),
  created: z.string(),
  updated: z.string(),
}) satisfies z.ZodType<BadgeStatRow>
export const badgeStatList = z.array(badgeStat)

export const BADGE_CSV_COLUMNS = [
  'badge_id',
  'name',
  'description',
  'enabled',
  'awarded_count',
  'past_day_awarded_count',
  'win_rate_percentage',
  'created',
  'updated',
] as const satisfies ReadonlyArray<keyof BadgeStatRow>

/** RFC 4180 CSV with a header line, CRLF line ends. */
export function badgeStatsCsv(rows: readonly BadgeStatRow[]): string {
  const lines = [BADGE_CSV_COLUMNS.join(',')]
  for (const row of rows) lines.push(BADGE_CSV_COLUMNS.map((c) => csvField(row[c])).join(','))
  return `${lines.join('\r\n')}\r\n`
}
