import { flagParam, slimExperienceList } from '@ludex/schemas'
import { z } from 'zod'
import { withCanonicalNames } from '../../accounts/place-overlay.ts'
import { defineRoute } from '../../http/route.ts'
import { slimExperiences } from '../../store/experiences.ts'

/**
 * Short enough that a poll reaches the list within the 15 s freshness budget (DESIGN §8) with ingest
 * time to spare; the query is cheap (place_latest), so a miss every 10 s costs little.
 */
const SLIM_TTL_MS = 10_000

export const slimListRoute = defineRoute({
  method: 'GET',
  path: '/api/place',
  resource: 'place',
  summary: 'Every tracked experience, slim (the list page and search)',
  description: 'Ordered by players online. `slim` is required: the full list is not served in one call.',
  query: z.object({ slim: flagParam }),
  response: slimExperienceList,
  maxAgeSeconds: 10,
  handler: async ({ deps }) =>
    // Staff canonical names are laid over after the cache, so an edit shows at once.
    withCanonicalNames(deps, await deps.cache.get('place:slim', SLIM_TTL_MS, () => slimExperiences(deps))),
})
