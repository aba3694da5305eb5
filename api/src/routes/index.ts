import type { RouteDef } from '../http/route.ts'
import {
  alertCreateRoute,
  alertDeleteRoute,
  alertDeliveriesRoute,
  alertListRoute,
  alertTestRoute,
} from './alerts/alerts.ts'
import { siteEventsRoute } from './analytics/events.ts'
import { visitorStatsRoute } from './analytics/visitors.ts'
import {
  passwordChangeRoute,
  passwordRequestRoute,
  resendVerificationRoute,
  verifyEmailRoute,
} from './auth/email-tokens.ts'
import { providersRoute } from './auth/providers.ts'
import {
  googleRoute,
  loginRoute,
  logoutRoute,
  registerRoute,
  sessionRoute,
  simulateRoleRoute,
} from './auth/sign-in.ts'
import { badgesRoute } from './badges/download.ts'
import { creatorCcuRoute } from './creator/ccu.ts'
import { creatorDetailRoute } from './creator/detail.ts'
import { creatorListRoute } from './creator/list.ts'
import { errorGroupsRoute, errorReportRoute } from './errors/errors.ts'
import { eventIngestRoute } from './events/ingest.ts'
import {
  credentialCreateRoute,
  credentialDeleteRoute,
  credentialListRoute,
  credentialUpdateRoute,
} from './gamecredential/credentials.ts'
import { genreDetailRoute, genreListRoute, subGenreDetailRoute } from './genre/routes.ts'
import { placeDetailRoute } from './place/detail.ts'
import { placePriceRoute } from './place/price.ts'
import { slimListRoute } from './place/slim-list.ts'
import { placeUpdateRoute } from './place/update.ts'
import { tagDetailRoute } from './placetag/detail.ts'
import { tagDeleteRoute, tagUpdateRoute } from './placetag/edit.ts'
import { tagCreateRoute, tagListRoute } from './placetag/list.ts'
import { tagAddPlacesRoute, tagRemovePlaceRoute } from './placetag/members.ts'
import { platformCcuRoute } from './platform/ccu.ts'
import { platformGenreRoute } from './platform/genre.ts'
import { platformMovementRoute } from './platform/movement.ts'
import { dailyPicksRoute } from './platform/picks.ts'
import { siteRoute } from './site/site.ts'
import { ccuPeriodsRoute } from './stats/ccu-periods.ts'
import { eventStatsRoute } from './stats/events.ts'
import { rankingSeriesRoute } from './stats/ranking.ts'
import { rankingSnapshotRoute } from './stats/ranking-snapshot.ts'
import { statsGenresRoute } from './stats/stats-genres.ts'
import { statsKindRoute } from './stats/stats-kind.ts'
import { thumbnailBulkRoute } from './thumbnail/bulk.ts'
import { thumbnailHistoryRoute } from './thumbnail/history.ts'
import { codeLibraryRoute } from './tools/code-library.ts'
import { exchangeRatesRoute } from './tools/exchange-rates.ts'
import { userListRoute, userRoleRoute } from './users/admin.ts'
import { deleteAccountRoute, onboardingRoute, preferencesGetRoute, preferencesPutRoute } from './users/me.ts'

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
  creatorDetailRoute,
  creatorCcuRoute,
  genreListRoute,
  genreDetailRoute,
  subGenreDetailRoute,
  // The tag calls that change a tag come after those that read it, deleting last: a client reading the
  // document in order (the fuzz run does) reaches each of them before the tag is gone.
  tagListRoute,
  tagCreateRoute,
  tagDetailRoute,
  tagAddPlacesRoute,
  tagRemovePlaceRoute,
  tagUpdateRoute,
  tagDeleteRoute,
  dailyPicksRoute,
  platformCcuRoute,
  platformGenreRoute,
  platformMovementRoute,
  // The fixed /api/stats paths come BEFORE /api/stats/{kind}: {kind} would also match 'ranking' and
  // 'events' (routes of one resource match in list order, and resources mount in order of first use).
  rankingSeriesRoute,
  rankingSnapshotRoute,
  eventStatsRoute,
  statsGenresRoute,
  ccuPeriodsRoute,
  // Last of the /api/stats routes: its {kind} param would otherwise shadow the fixed paths above.
  statsKindRoute,
  registerRoute,
  loginRoute,
  logoutRoute,
  sessionRoute,
  verifyEmailRoute,
  resendVerificationRoute,
  passwordRequestRoute,
  passwordChangeRoute,
  googleRoute,
  providersRoute,
  siteRoute,
  simulateRoleRoute,
  // The fixed /api/users/me paths come before /api/users/{id}.
  onboardingRoute,
  preferencesGetRoute,
  preferencesPutRoute,
  deleteAccountRoute,
  userListRoute,
  userRoleRoute,
  exchangeRatesRoute,
  codeLibraryRoute,
  credentialListRoute,
  credentialCreateRoute,
  credentialUpdateRoute,
  credentialDeleteRoute,
  eventIngestRoute,
  siteEventsRoute,
  visitorStatsRoute,
  errorReportRoute,
  errorGroupsRoute,
  // Alerts: reads first, deleting last (the fuzz run reads the document in order).
  alertListRoute,
  alertDeliveriesRoute,
  alertCreateRoute,
  alertTestRoute,
  alertDeleteRoute,
]

export { devRoutes } from './dev/outbox.ts'
