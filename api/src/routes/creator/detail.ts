import { creatorDetail, idParam } from '@ludex/schemas'
import { z } from 'zod'
import { withCanonicalNames } from '../../accounts/place-overlay.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { cachedCurrentExperiences, experienceTotals } from '../place/current-experiences.ts'
import { findCreator } from './cached.ts'

/** The type that picks between a user and a group sharing an id. */
export const creatorTypeParam = z
  .enum(['User', 'Group'], { message: "must be 'User' or 'Group'" })
  .optional()
  .describe(
    'User or Group. User and group ids are separate namespaces; without it, the one with more tracked ' +
      'experiences (a group on a tie).',
  )

export const creatorDetailRoute = defineRoute({
  method: 'GET',
  path: '/api/creator/{creatorId}',
  resource: 'creator',
  summary: "A creator's page: profile, totals and tracked experiences",
  description: [
    'The creator as /api/creator lists it, with the sums over its tracked experiences now: players_online',
    'and total_visits; like_rate is the mean like percentage (0 to 1) of those that have votes (null while',
    'none has). experiences: slim, by players online. A creator with no tracked experience, or an id no',
    'creator has, is a 404.',
  ].join(' '),
  params: z.object({ creatorId: idParam }),
  query: z.object({ type: creatorTypeParam }),
  response: creatorDetail,
  errors: [404],
  maxAgeSeconds: 60,
  handler: async ({ params, query, deps }) => {
    const found = await findCreator(deps, params.creatorId, query.type)
    if (!found) throw ApiError.notFound(`Creator ${params.creatorId} has no tracked experience`)
    const ids = new Set(found.place_ids)
    const rows = (await cachedCurrentExperiences(deps)).filter((r) => ids.has(r.experience.place_id))
    const totals = experienceTotals(rows)
    return {
      ...found,
      players_online: totals.playersOnline,
      total_visits: totals.totalVisits,
      like_rate: totals.likeRate,
      experiences: await withCanonicalNames(
        deps,
        rows.map((r) => r.experience),
      ),
    }
  },
})
