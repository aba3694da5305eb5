import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_ORDER,
  EXPERIENCE_LIST_SORTS,
  experienceListPage,
  experienceListQuery,
} from '@ludex/schemas'
import { experienceIndexOf } from '../../experience-index/experience-indexes.ts'
import { listExperiences } from '../../experience-index/list.ts'
import { defineRoute } from '../../http/route.ts'
import { visibleTag } from '../../tags/tag-lookup.ts'
import { cachedMomentumOfAll } from '../stats/momentum.ts'

export const placeListRoute = defineRoute({
  method: 'GET',
  path: '/api/place/list',
  resource: 'place',
  summary: 'One page of the ranked experiences list, sorted, searched and filtered by tag',
  description: [
    'The experiences list (part 1 §2) a page at a time. Every row carries its rank among every tracked',
    'experience (players online, highest first; ties share a rank and the next skips), whatever the',
    `sort, search or tag. sort: ${EXPERIENCE_LIST_SORTS.join(', ')}; rows that tie keep the rank order`,
    'in either direction, and experiences without a momentum label come last when sorted by momentum.',
    'search keeps names and canonical names (staff edits included) containing the text, any case, and',
    'a place or universe id equal to it; a game link is reduced to its place id. tagId keeps the tag’s',
    'tracked experiences: a tag the caller may see (visitors the curated ones, users also their own,',
    'editors every one), else 404; such an answer is not cached (no-store). total counts the rows',
    'kept over every page, tracked every tracked experience; a page past the last answers no items. The',
    'counters are those of an index rebuilt once a 10-minute slot (an experience is polled once a slot).',
  ].join(' '),
  query: experienceListQuery,
  response: experienceListPage,
  errors: [404],
  maxAgeSeconds: (query) => (query.tagId === undefined ? 10 : 0),
  handler: async ({ query, deps, viewer }) => {
    const sort = query.sort ?? 'rank'
    const [index, tag, momentum] = await Promise.all([
      experienceIndexOf(deps),
      query.tagId === undefined ? null : visibleTag(deps, viewer, query.tagId),
      sort === 'momentum' ? cachedMomentumOfAll(deps) : null,
    ])
    return listExperiences(index, {
      page: query.page ?? 1,
      pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
      sort,
      order: query.order ?? DEFAULT_SORT_ORDER[sort],
      search: query.search ?? '',
      placeIds: tag ? new Set(tag.placeIds) : null,
      momentum,
    })
  },
})
