import { flagParam, slimExperienceList } from '@ludex/schemas'
import { z } from 'zod'
import { withCanonicalNames } from '../../accounts/place-overlay.ts'
import { defineRoute } from '../../http/route.ts'
import { slimExperiences } from '../../store/experiences.ts'

const SLIM_TTL_MS = 60_000

export const slimListRoute = defineRoute({
  method: 'GET',
  path: '/api/place',
  resource: 'place',
  summary: 'Every tracked experience, slim (the list page and search)',
  description: 'Ordered by players online. `slim` is required: the full list is not served in one call.',
  query: z.object({ slim: flagParam }),
  response: slimExperienceList,
  maxAgeSeconds: 60,
  handler: async ({ deps }) =>
    // Staff canonical names are laid over after the cache, so an edit shows at once.
    withCanonicalNames(
      deps,
      await deps.cache.get('place:slim', SLIM_TTL_MS, () => slimExperiences(deps.clickhouse)),
    ),
})
