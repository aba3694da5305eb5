import { creatorList } from '@ludex/schemas'
import { defineRoute } from '../../http/route.ts'
import { cachedCreators } from './cached.ts'

export const creatorListRoute = defineRoute({
  method: 'GET',
  path: '/api/creator',
  resource: 'creator',
  summary: 'Every creator of tracked experiences, with their experiences',
  description: 'Most experiences first. thumbnail_hash is "default" while the creator profile is unknown.',
  response: creatorList,
  maxAgeSeconds: 300,
  handler: async ({ deps }) => cachedCreators(deps),
})
