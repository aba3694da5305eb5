import { experienceSearchQuery, rankedExperienceList, SEARCH_SUGGESTIONS_MAX } from '@ludex/schemas'
import { experienceIndexOf } from '../../experience-index/experience-indexes.ts'
import { searchExperiences } from '../../experience-index/search.ts'
import { defineRoute } from '../../http/route.ts'

export const placeSearchRoute = defineRoute({
  method: 'GET',
  path: '/api/place/search',
  resource: 'place',
  summary: 'Search tracked experiences by name, canonical name, place id or universe id (suggestions)',
  description: [
    'The global search and every experience picker (part 1 §2, part 2 §5). A game link in q is reduced',
    'to its place id first; q must then hold at least 3 characters. Matches, best first: a place or',
    'universe id equal to q; a name or canonical name (staff edits included) starting with q; one',
    'containing q (any case); a place or universe id starting with q. Within each, the experience with',
    'more players online first, then the lower place id. Each answer carries its rank among every',
    'tracked experience (players online, ties share a rank). Searched in the API process’s memory, rebuilt',
    'once a 10-minute slot (an experience is polled once a slot); a staff canonical name shows at once.',
  ].join(' '),
  query: experienceSearchQuery,
  response: rankedExperienceList,
  maxAgeSeconds: 10,
  handler: async ({ query, deps }) =>
    searchExperiences(await experienceIndexOf(deps), query.q, query.limit ?? SEARCH_SUGGESTIONS_MAX),
})
