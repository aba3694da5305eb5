import type { RouteDef } from '../http/route.ts'
import { badgesRoute } from './badges/download.ts'
import { creatorListRoute } from './creator/list.ts'
import { placeDetailRoute } from './place/detail.ts'
import { placePriceRoute } from './place/price.ts'
import { slimListRoute } from './place/slim-list.ts'
import { placeUpdateRoute } from './place/update.ts'
import { statsGenresRoute } from './stats/stats-genres.ts'
import { statsKindRoute } from './stats/stats-kind.ts'
import { thumbnailBulkRoute } from './thumbnail/bulk.ts'
import { thumbnailHistoryRoute } from './thumbnail/history.ts'

/** Every /api call, in the order the OpenAPI document lists them. */
export const apiRoutes: readonly RouteDef[] = [
  slimListRoute,
  placeDetailRoute,
  placeUpdateRoute,
  placePriceRoute,
  thumbnailBulkRoute,
  thumbnailHistoryRoute,
  badgesRoute,
  creatorListRoute,
  statsGenresRoute,
  // Last of the /api/stats routes: its {kind} param would otherwise shadow the fixed paths above.
  statsKindRoute,
]
