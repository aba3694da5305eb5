import { EMBED_RANGES, embedSparklineQuery, idParam, periodStart, snapUpToSlot } from '@ludex/schemas'
import { z } from 'zod'
import { EMBED_RESPONSE_HEADERS, slotCachedSvg } from '../../embed/slot-cache.ts'
import { sparklineSvg } from '../../embed/sparkline-svg.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { placeStatRows, trackedPlaces } from '../../store/stats.ts'
import { visitorHistoryStart } from '../../viewer/history-window.ts'
import { statValue } from '../stats/stats-rows.ts'

/** Embeds carry no session: every one is read as a visitor would read it. */
const ANONYMOUS = { kind: 'visitor' } as const

export const embedSparklineRoute = defineRoute({
  method: 'GET',
  path: '/embed/{place_id}/sparkline.svg',
  resource: 'embed',
  summary: 'A sparkline of an experience’s stat over a short range (SVG, for embedding)',
  description:
    'An SVG image: the series of stat (ccus: average players online; visits; favorites; rating: like %) ' +
    'over range (24h and 7d hourly, 30d daily) as a line, with the latest value beside it. Embeds are ' +
    'anonymous, so the visitors’ 30-day window holds: a range beyond it is a 400 naming range, and the ' +
    '30d line starts at the first day inside the window. The image has a <title> and an aria-label with ' +
    'its text alternative (what it draws, the latest, lowest and highest values). The same for everyone ' +
    '(the session is not read): built once per place, options and 10-minute slot, answered from memory, ' +
    'with Cache-Control max-age to the end of the slot and a strong ETag (304 on If-None-Match). 404 (a ' +
    'JSON error, no image) when the place is not tracked.',
  params: z.object({ place_id: idParam }),
  query: embedSparklineQuery,
  response: z.string().describe('The SVG document (image/svg+xml)'),
  alternativeContentTypes: ['image/svg+xml'],
  responseHeaders: EMBED_RESPONSE_HEADERS,
  errors: [404],
  handler: async ({ params, query, deps, ctx }) => {
    const key = `sparkline:${params.place_id}:${query.stat}:${query.range}:${query.theme}`
    return slotCachedSvg(deps, ctx, key, async (nowMs) => {
      const place = (await trackedPlaces(deps, [params.place_id])).get(params.place_id)
      if (!place) throw ApiError.notFound(`Place ${params.place_id} is not tracked`)
      const { ms, granularity } = EMBED_RANGES[query.range]
      // The visitor rule (history-window.ts): the first bucket starts inside the last 30 days.
      const windowStart = visitorHistoryStart(ANONYMOUS, nowMs, granularity) ?? 0
      const fromMs = Math.max(periodStart(nowMs - ms, granularity), windowStart)
      const toMs = snapUpToSlot(nowMs)
      const rows = await placeStatRows(deps, query.stat, {
        granularity,
        placeIds: [params.place_id],
        fromMs,
        toMs,
        inProgressMs: periodStart(nowMs, granularity),
      })
      return sparklineSvg({
        name: place.name,
        stat: query.stat,
        range: query.range,
        points: rows.map((r) => [r.time, statValue(query.stat, r.value)] as const),
        fromMs,
        toMs,
        theme: query.theme,
      })
    })
  },
})
