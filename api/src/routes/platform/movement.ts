import { movementList, movementTable, movementType } from '@ludex/schemas'
import { z } from 'zod'
import { hotReader } from '../../cache/hot-reads.ts'
import { defineRoute } from '../../http/route.ts'
import { top100Movement } from '../../store/platform.ts'

export const platformMovementRoute = defineRoute({
  method: 'GET',
  path: '/api/platform/movement',
  resource: 'platform',
  summary: 'Top-100 entries or exits against 7 days earlier',
  description:
    'Experiences ranked by day-average CCU, the latest closed day that has movement compared with 7 days ' +
    'earlier. top100entry: in the top 100 now and not then, ordered by rank (old_rank null = newly ' +
    'tracked). top100exit: in the top 100 then and not now, ordered by old rank (rank null = no data ' +
    'now). gain = old_rank − rank.',
  query: z.object({ type: movementType }),
  response: movementList,
  csv: movementTable,
  maxAgeSeconds: 300,
  handler: async ({ query, deps, viewer }) =>
    top100Movement(hotReader(deps, viewer), query.type, new Date(deps.now()).toISOString().slice(0, 10)),
})
