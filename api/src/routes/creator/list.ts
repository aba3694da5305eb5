import { creatorList } from '@ludex/schemas'
import { defineRoute } from '../../http/route.ts'
import { trackedCreators } from '../../store/creators.ts'

/** The list changes when a creator or an experience's creator changes: minutes old is fine. */
const CREATORS_TTL_MS = 5 * 60_000

export const creatorListRoute = defineRoute({
  method: 'GET',
  path: '/api/creator',
  resource: 'creator',
  summary: 'Every creator of tracked experiences, with their experiences',
  description: 'Most experiences first. thumbnail_hash is "default" while the creator profile is unknown.',
  response: creatorList,
  maxAgeSeconds: 300,
  handler: async ({ deps }) => deps.cache.get('creator:list', CREATORS_TTL_MS, () => trackedCreators(deps)),
})
