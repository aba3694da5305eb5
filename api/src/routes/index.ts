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
import { apiKeyCreateRoute, apiKeyListRoute, apiKeyRevokeRoute } from './apikeys/api-keys.ts'
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
import { dumpListRoute, hourlyDumpRoute } from './dumps/dumps.ts'
import { embedBadgeRoute } from './embed/badge.ts'
import { embedSparklineRoute } from './embed/sparkline.ts'
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
import { placeListRoute } from './place/list.ts'
import { placeLookupRoute } from './place/lookup.ts'
import { placePriceRoute } from './place/price.ts'
import { placeSearchRoute } from './place/search.ts'
import { slimListRoute } from './place/slim-list.ts'
import { placeSummaryRoute } from './place/summary.ts'
import { placeUpdateRoute } from './place/update.ts'
import { tagDetailRoute } from './placetag/detail.ts'
import { tagDeleteRoute, tagUpdateRoute } from './placetag/edit.ts'
import { tagCreateRoute, tagListRoute } from './placetag/list.ts'
import { tagAddPlacesRoute, tagRemovePlaceRoute } from './placetag/members.ts'
import { platformCcuRoute } from './platform/ccu.ts'
import { platformGenreRoute } from './platform/genre.ts'
import { platformMovementRoute } from './platform/movement.ts'
import { dailyPicksRoute } from './platform/picks.ts'
import { genreBenchmarksRoute } from './signals/genre-benchmarks.ts'
import { placeMarkersRoute } from './signals/markers.ts'
import { placePlacementsRoute } from './signals/placements.ts'
import { rankingChangesRoute } from './signals/ranking-changes.ts'
import { placeStandingRoute } from './signals/standing.ts'
import { siteRoute } from './site/site.ts'
import { ccuPeriodsRoute } from './stats/ccu-periods.ts'
import { eventStatsRoute } from './stats/events.ts'
import { recentLikesRoute } from './stats/likes-recent.ts'
import { momentumRoute } from './stats/momentum.ts'
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
  // The fixed /api/place paths come BEFORE /api/place/{place_id}, which would take them otherwise
  // (issue 19 point 4: the search, the paged list, the lookup by ids, the overview's totals).
  placeSearchRoute,
  placeListRoute,
  placeLookupRoute,
  placeSummaryRoute,
  placeDetailRoute,
  placeUpdateRoute,
  placePriceRoute,
  // Signals (issue 20): genre standing, automatic markers, chart placement history.
  placeStandingRoute,
  placeMarkersRoute,
  placePlacementsRoute,
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
  // Signals (issue 20): a ranking day's entries and exits, a genre's benchmark distribution.
  rankingChangesRoute,
  genreBenchmarksRoute,
  momentumRoute,
  recentLikesRoute,
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
  // API keys (issue 21.3): fixed /api/users/me paths, before /api/users/{id}.
  apiKeyListRoute,
  apiKeyCreateRoute,
  apiKeyRevokeRoute,
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
  // The embeddable images, served outside /api (issue 21): documented with the calls all the same.
  embedBadgeRoute,
  embedSparklineRoute,
  // The daily bulk dumps (issue 21.4).
  dumpListRoute,
  hourlyDumpRoute,
  // Alerts: reads first, deleting last (the fuzz run reads the document in order).
  alertListRoute,
  alertDeliveriesRoute,
  alertCreateRoute,
  alertTestRoute,
  alertDeleteRoute,
]

export { devRoutes } from './dev/outbox.ts'
