import { badgeStatList, badgeStatsCsv, idParam } from '@ludex/schemas'
import { z } from 'zod'
import { canonicalNameOf } from '../../accounts/place-overlay.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { trackedExperience } from '../../store/experiences.ts'
import { badgeCsvDisposition } from './filename.ts'

const CSV = 'text/csv'
const JSON_TYPE = 'application/json'

export const badgesRoute = defineRoute({
  method: 'GET',
  path: '/api/badges/{placeId}',
  resource: 'badges',
  summary: 'Badge statistics of an experience, as a CSV download',
  description:
    'Fetched live from the platform. `Accept: text/csv` (or */*) gives the CSV as an attachment named ' +
    '"<canonical name>-<placeId>-badges.csv"; `Accept: application/json` gives the same rows as JSON; ' +
    'anything else is 406. 404 when the place is not tracked, 502 when the platform does not answer.',
  params: z.object({ placeId: idParam }),
  response: badgeStatList,
  alternativeContentTypes: [CSV],
  errors: [404, 406, 502],
  // Live statistics, fetched on demand: never cached.
  maxAgeSeconds: 0,
  handler: async ({ params, deps, ctx }) => {
    // Negotiated before any work: a client that takes neither form gets its answer at once.
    const type = ctx.accepts(CSV, JSON_TYPE)
    if (type === false) {
      throw new ApiError(406, 'not_acceptable', `This call answers with ${CSV} or ${JSON_TYPE}`)
    }
    const tracked = await trackedExperience(deps, params.placeId)
    if (!tracked) throw ApiError.notFound(`Place ${params.placeId} is not tracked`)
    let rows: Awaited<ReturnType<typeof deps.badges>>
    try {
      rows = await deps.badges(tracked.universeId)
    } catch (cause) {
      deps.logger.warn({ err: cause, universeId: tracked.universeId }, 'badge stats fetch failed')
      throw new ApiError(
        502,
        'upstream_unavailable',
        'The platform did not answer for badge stats',
        undefined,
        {
          cause,
        },
      )
    }
    if (type === JSON_TYPE) return [...rows]
    const canonicalName = await canonicalNameOf(deps, params.placeId, tracked.name)
    return {
      kind: 'raw',
      contentType: `${CSV}; charset=utf-8`,
      body: badgeStatsCsv(rows),
      headers: { 'Content-Disposition': badgeCsvDisposition(canonicalName, params.placeId) },
    }
  },
})
