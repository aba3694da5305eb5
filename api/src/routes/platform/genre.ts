import { flagParam, genreDistribution, genreDistributionTable } from '@ludex/schemas'
import { z } from 'zod'
import { defineRoute } from '../../http/route.ts'
import { currentGenreDistribution } from '../../store/platform.ts'
import { GENRE_MAPPING_DESCRIPTION } from '../genre/mapping-description.ts'

const GENRE_TTL_MS = 60_000

export const platformGenreRoute = defineRoute({
  method: 'GET',
  path: '/api/platform/genre',
  resource: 'platform',
  summary: 'Platform genre distribution now (two levels)',
  description:
    'CCU by genre (share of the platform) and, inside each, by sub-genre (the platform genre_l2, ' +
    'lower-cased; share of its parent), at the latest complete 10-minute slot; time is that slot (null ' +
    'with no data). `new` is required, as the two-level shape is the only one served (as `slim` on ' +
    `/api/place). ${GENRE_MAPPING_DESCRIPTION}`,
  query: z.object({ new: flagParam }),
  response: genreDistribution,
  csv: genreDistributionTable,
  maxAgeSeconds: 60,
  handler: async ({ deps }) => {
    return deps.cache.get('platform:genre', GENRE_TTL_MS, () => currentGenreDistribution(deps, deps.now()))
  },
})
