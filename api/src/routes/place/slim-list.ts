import { flagParam, slimExperienceList } from '@ludex/schemas'
import { z } from 'zod'
import { canonicalNamesKey, withCanonicalNames } from '../../accounts/place-overlay.ts'
import { defineRoute } from '../../http/route.ts'
import { currentExperiences } from '../../store/experiences.ts'
import { CURRENT_TTL_MS } from './current-experiences.ts'

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
  handler: async ({ deps }) => {
    // The answer is kept whole, per set of staff canonical names: an edit is a new key, so it shows at
    // once; while kept it is one object, whose JSON the mount writes once (issue 19.5: the list is the
    // largest answer every page's shell asks for). Its experiences are at most CURRENT_TTL_MS old, as
    // the shared current list's are.
    const names = canonicalNamesKey(await deps.accounts?.store.placeEdits.all())
    return deps.cache.get(`place:slim:${names}`, CURRENT_TTL_MS, async () =>
      withCanonicalNames(
        deps,
        (await currentExperiences(deps)).map((c) => c.experience),
      ),
    )
  },
})
