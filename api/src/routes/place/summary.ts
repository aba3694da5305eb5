import { experienceSummary } from '@ludex/schemas'
import { experienceIndexOf } from '../../experience-index/experience-indexes.ts'
import { defineRoute } from '../../http/route.ts'

export const placeSummaryRoute = defineRoute({
  method: 'GET',
  path: '/api/place/summary',
  resource: 'place',
  summary: 'Every tracked experience together: how many, players online, the like-rate histogram',
  description: [
    'The overview’s Players Online tile (summed over every tracked experience) and Like Rate histogram',
    '(every tracked experience’s like % in 5-percent buckets from 0 to 100, the last including 100; an',
    'experience without votes counts as 0 %, as its like_percentage says), without the whole slim list.',
  ].join(' '),
  response: experienceSummary,
  maxAgeSeconds: 10,
  handler: async ({ deps }) => {
    const index = await experienceIndexOf(deps)
    return {
      experiences: index.rows.length,
      players_online: index.playersOnline,
      like_rate_buckets: [...index.likeRateBuckets],
    }
  },
})
