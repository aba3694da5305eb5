import { EXPERIENCE_LOOKUP_MAX, experienceLookupQuery, rankedExperienceList } from '@ludex/schemas'
import { lookupExperiences } from '../../experience-index/build.ts'
import { experienceIndexOf } from '../../experience-index/experience-indexes.ts'
import { defineRoute } from '../../http/route.ts'

export const placeLookupRoute = defineRoute({
  method: 'GET',
  path: '/api/place/lookup',
  resource: 'place',
  summary: 'Slim experiences of known place ids, with their ranks (names and counters for a set of ids)',
  description: [
    `Up to ${EXPERIENCE_LOOKUP_MAX} place ids per call (longer lists in chunks): the tracked ones, in the`,
    'order asked, each with its rank among every tracked experience (players online, ties share a',
    'rank); an id Ludex does not track is left out. What the pages that know their experiences ask',
    '(Top 100 movement, rankings, compare, tags, alerts, event credentials) instead of the whole list.',
  ].join(' '),
  query: experienceLookupQuery,
  response: rankedExperienceList,
  maxAgeSeconds: 10,
  handler: async ({ query, deps }) => lookupExperiences(await experienceIndexOf(deps), query.ids),
})
