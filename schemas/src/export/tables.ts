import type { z } from 'zod'
import type { momentumResponse, recentLikesResponse } from '../api/momentum.ts'
import type {
  ccuPeriodsResponse,
  dailyPickList,
  eventStatList,
  genreDistribution,
  genreStatsResponse,
  movementList,
  platformCcuList,
  rankingSeries,
  rankingSnapshot,
  StatsResponse,
} from '../api/responses.ts'
import type { genreBenchmarks, rankingDayChanges } from '../api/signals.ts'
import type { StatKind } from '../constants/stats.ts'
import { type ExportCell, type ExportColumn, type ExportTable, isoUtc, TIME_UNIT } from './csv.ts'

/*
 * Each /api/stats and /api/platform answer as one table (columns with units, one CSV row per JSON row:
 * a series' point, a list's entry). The API's `format=csv` writes these; the charts build theirs from
 * what they draw (web/src/charts/export), with the same columns where they show the same thing.
 */

const TIME: ExportColumn = { name: 'time', unit: TIME_UNIT }
const PLACE_ID: ExportColumn = { name: 'place_id' }
const NAME: ExportColumn = { name: 'name' }

/** The value column of each stat kind (likes has two: likes and dislikes, the latter negative). */
export const STAT_EXPORT_COLUMNS: Readonly<Record<StatKind, readonly ExportColumn[]>> = {
  ccus: [{ name: 'ccu', unit: 'players' }],
  visits: [{ name: 'visits', unit: 'total' }],
  favorites: [{ name: 'favorites', unit: 'total' }],
  playtime: [{ name: 'playtime', unit: 'seconds' }],
  rating: [{ name: 'rating', unit: '% likes' }],
  likes: [
    { name: 'likes', unit: 'count' },
    { name: 'dislikes', unit: 'count, negative' },
  ],
}

/** A stat row's time as ISO UTC, the rest of it as is; shorter rows are padded with empty cells. */
function datedRow(row: readonly number[], width: number): ExportCell[] {
  const [time = 0, ...values] = row
  const cells: ExportCell[] = [isoUtc(time), ...values]
  while (cells.length < width) cells.push(null)
  return cells
}

/** GET /api/stats/{kind}: one row per point of each series (place_id 0 for an average). */
export function statsTable(answer: StatsResponse): ExportTable {
  const unit = STAT_EXPORT_COLUMNS[answer.stat][0]?.unit
  const banded = answer.series.some((s) => s.data.some((r) => r.length === 4))
  const values = [
    ...STAT_EXPORT_COLUMNS[answer.stat],
    ...(banded
      ? [
          { name: 'lower quartile', ...(unit && { unit }) },
          { name: 'upper quartile', ...(unit && { unit }) },
        ]
      : []),
  ]
  const width = 1 + values.length
  return {
    columns: [PLACE_ID, NAME, TIME, ...values],
    rows: answer.series.flatMap((s) => s.data.map((r) => [s.place_id, s.name, ...datedRow(r, width)])),
  }
}

/** GET /api/stats/genres: per genre, the average CCU per experience and the total. */
export function genreStatsTable(answer: z.output<typeof genreStatsResponse>): ExportTable {
  return {
    columns: [
      { name: 'genre' },
      TIME,
      { name: 'average ccu', unit: 'players per experience' },
      { name: 'total ccu', unit: 'players' },
    ],
    rows: answer.series.flatMap((s) => s.data.map((r) => [s.name, ...datedRow(r, 3)])),
  }
}

/** GET /api/platform/ccu. */
export function platformCcuTable(answer: z.output<typeof platformCcuList>): ExportTable {
  return {
    columns: [TIME, { name: 'ccu', unit: 'players' }],
    rows: answer.map((p) => [p.time, p.ccu]),
  }
}

/** GET /api/platform/genre: a row per genre, each followed by its sub-genres (share of their parent). */
export function genreDistributionTable(answer: z.output<typeof genreDistribution>): ExportTable {
  return {
    columns: [
      TIME,
      { name: 'genre' },
      { name: 'sub-genre' },
      { name: 'ccu', unit: 'players' },
      { name: 'share', unit: 'fraction of parent' },
    ],
    rows: answer.genres.flatMap((g) => [
      [answer.time, g.name, null, g.ccu, g.share],
      ...g.children.map((c) => [answer.time, g.name, c.name, c.ccu, c.share]),
    ]),
  }
}

/** GET /api/platform/movement. */
export function movementTable(answer: z.output<typeof movementList>): ExportTable {
  return {
    columns: [PLACE_ID, { name: 'rank' }, { name: 'old_rank' }, { name: 'gain', unit: 'places' }],
    rows: answer.map((m) => [m.place_id, m.rank, m.old_rank, m.gain]),
  }
}

/** GET /api/platform/picks: a row per pick of each date. */
export function dailyPicksTable(answer: z.output<typeof dailyPickList>): ExportTable {
  return {
    columns: [{ name: 'date', unit: TIME_UNIT }, PLACE_ID, NAME],
    rows: answer.flatMap((d) => d.places.map((p) => [d.date, p.place_id, p.name])),
  }
}

/** GET /api/stats/ranking: the periods in each chart category (the gantt's bars). */
export function rankingSeriesTable(answer: z.output<typeof rankingSeries>): ExportTable {
  return {
    columns: [
      { name: 'category' },
      { name: 'start', unit: TIME_UNIT },
      { name: 'end', unit: TIME_UNIT },
      { name: 'peak position' },
    ],
    rows: answer.map((p) => [p.y, p.start, p.end, p.name]),
  }
}

/** GET /api/stats/ranking/{id}: the positions at one slot. */
export function rankingSnapshotTable(answer: z.output<typeof rankingSnapshot>): ExportTable {
  return {
    columns: [TIME, { name: 'position' }, PLACE_ID],
    rows: answer.positions.map((p) => [answer.time, p.pos, p.place_id]),
  }
}

/** GET /api/stats/events. */
export function eventStatsTable(answer: z.output<typeof eventStatList>): ExportTable {
  return {
    columns: [{ name: 'date', unit: TIME_UNIT }, PLACE_ID, { name: 'events', unit: 'count' }],
    rows: answer.map((e) => [e.date, e.place_id, e.num_events]),
  }
}

/** GET /api/stats/ccu-periods: a row per place, each period's start and average CCU. */
export function ccuPeriodsTable(answer: z.output<typeof ccuPeriodsResponse>): ExportTable {
  const periods = ['day', 'week', 'month'] as const
  return {
    columns: [
      PLACE_ID,
      NAME,
      ...periods.flatMap((p) => [
        { name: `${p} start`, unit: TIME_UNIT },
        { name: `${p} ccu`, unit: 'players' },
      ]),
    ],
    rows: answer.places.map((p) => [
      p.place_id,
      p.name,
      ...periods.flatMap((k) => [p[k]?.start ?? null, p[k]?.value ?? null]),
    ]),
  }
}

/** GET /api/stats/momentum: a row per experience, its label and the two windows' averages. */
export function momentumTable(answer: z.output<typeof momentumResponse>): ExportTable {
  return {
    columns: [
      PLACE_ID,
      { name: 'momentum' },
      { name: 'change', unit: 'fraction' },
      { name: 'recent average', unit: 'players' },
      { name: 'previous average', unit: 'players' },
      { name: 'reason' },
      { name: 'recent from', unit: TIME_UNIT },
      { name: 'recent to', unit: TIME_UNIT },
    ],
    rows: answer.places.map((p) => [
      p.place_id,
      p.momentum,
      p.change,
      p.recent_average,
      p.previous_average,
      p.reason,
      answer.recent_from,
      answer.recent_to,
    ]),
  }
}

/** GET /api/stats/likes-recent: a row per window and day. */
export function recentLikesTable(answer: z.output<typeof recentLikesResponse>): ExportTable {
  return {
    columns: [
      TIME,
      PLACE_ID,
      { name: 'window', unit: 'days' },
      { name: 'like percentage', unit: '%' },
      { name: 'votes', unit: 'count' },
    ],
    rows: answer.series.flatMap((s) =>
      s.data.map((d) => [isoUtc(d.time), answer.place_id, s.window_days, d.like_percentage, d.votes]),
    ),
  }
}

/** GET /api/stats/ranking/{id}/changes: a row per experience that entered or left on the day. */
export function rankingChangesTable(answer: z.output<typeof rankingDayChanges>): ExportTable {
  return {
    columns: [
      { name: 'day', unit: TIME_UNIT },
      { name: 'compared with', unit: TIME_UNIT },
      { name: 'change' },
      PLACE_ID,
      { name: 'rank' },
    ],
    rows: [
      ...answer.entered.map((e) => [answer.day, answer.compared_with, 'entered', e.place_id, e.rank]),
      ...answer.left.map((e) => [answer.day, answer.compared_with, 'left', e.place_id, e.rank]),
    ],
  }
}

/** GET /api/stats/genre-benchmarks/{genre}: a row per day, each metric's quartiles and p90. */
export function genreBenchmarksTable(answer: z.output<typeof genreBenchmarks>): ExportTable {
  const metrics = [
    ['ccu', 'players'],
    ['like_ratio', 'fraction'],
    ['playtime', 'seconds'],
  ] as const
  const quantiles = ['p25', 'p50', 'p75', 'p90'] as const
  return {
    columns: [
      { name: 'day', unit: TIME_UNIT },
      { name: 'genre' },
      { name: 'places', unit: 'count' },
      ...metrics.flatMap(([m, unit]) => quantiles.map((q) => ({ name: `${m} ${q}`, unit }))),
    ],
    rows: answer.days.map((d) => [
      d.day,
      answer.genre,
      d.places,
      ...metrics.flatMap(([m]) => quantiles.map((q) => d[m][q])),
    ]),
  }
}
