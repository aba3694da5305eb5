import { DAILY_PICKS_START_MS, dailyPickList, dailyPicksTable, timeParam } from '@ludex/schemas'
import { z } from 'zod'
import { hotReader } from '../../cache/hot-reads.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { dailyPicksBetween, latestDailyPicks } from '../../store/picks.ts'
import { visibleFrom } from '../../viewer/history-window.ts'

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** The start (00:00 UTC) of the date holding ms. */
const dateStart = (ms: number) => Date.parse(`${isoDate(ms)}T00:00:00.000Z`)

export const dailyPicksRoute = defineRoute({
  method: 'GET',
  path: '/api/platform/picks',
  resource: 'platform',
  summary: 'Daily picks: the current list, or every date of a range',
  description:
    'Without startTime and endTime: the latest date’s picks as a one-element list (empty when none). ' +
    'With either: every date from startTime’s UTC date to endTime’s UTC date, both included (defaults: ' +
    'the first picks, 2024-09-20, and today), ordered by date. Visitors reach back 30 days (the server ' +
    'window of all history; the daily-picks page describes it as about 28): their first date is the ' +
    'first that starts inside the window, an earlier start is moved there and X-Ludex-History-Start ' +
    'says so (that date at 00:00 UTC). A startTime after endTime is a 400; an endTime before the first ' +
    'picks gives an empty list.',
  query: z.object({ startTime: timeParam.optional(), endTime: timeParam.optional() }),
  response: dailyPickList,
  csv: dailyPicksTable,
  maxAgeSeconds: 60,
  handler: async ({ query, deps, viewer, ctx }) => {
    const now = deps.now()
    const store = hotReader(deps, viewer)
    if (query.startTime === undefined && query.endTime === undefined) {
      const latest = await latestDailyPicks(store, isoDate(now))
      return latest ? [latest] : []
    }
    const requestedStart = query.startTime ?? DAILY_PICKS_START_MS
    const end = query.endTime ?? now
    if (query.startTime !== undefined && query.endTime !== undefined && query.endTime < query.startTime) {
      throw ApiError.badRequest([{ field: 'endTime', message: 'must not be before startTime' }])
    }
    // Picks are whole dates: a visitor's first is the first date that starts inside the window.
    const requestedDate = dateStart(Math.max(requestedStart, DAILY_PICKS_START_MS))
    const from = visibleFrom(viewer, ctx, requestedDate, now, 'date')
    return dailyPicksBetween(store, isoDate(from), isoDate(end))
  },
})
