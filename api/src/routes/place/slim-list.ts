import { flagParam, slimExperienceList } from '@ludex/schemas'
import { z } from 'zod'
import { withCanonicalNames } from '../../accounts/place-overlay.ts'
import { defineRoute } from '../../http/route.ts'
import { cachedCurrentExperiences } from './current-experiences.ts'

export const slimListRoute = defineRoute({
  method: 'GET',
  path: '/api/place',
  resource: 'place',
  summary: 'Every tracked experience, slim (the list page and search)',
  description:
    'Ordered by players online. `slim` is required: the full list is not served in one call. `genre` is ' +
    'the product genre the platform genres and the name map to (see /api/genre).',
  query: z.object({ slim: flagParam }),
  response: slimExperienceList,
  maxAgeSeconds: 10,
  handler: async ({ deps }) =>
    // Staff canonical names are laid over after the cache, so an edit shows at once.
    withCanonicalNames(
      deps,
      (await cachedCurrentExperiences(deps)).map((c) => c.experience),
    ),
})
