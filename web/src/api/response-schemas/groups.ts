/**
 * The response schemas the web app checks answers against (the same ones the server validates with),
 * by group, and by name: a call loads only its group's module, while the request is in flight. zod
 * and the schemas stay out of the first load's JavaScript, and the start of a page evaluates the
 * shell's few schemas, not every answer's (a long task of its own on a phone). The names are listed
 * here, apart from the modules, so the client picks a module without importing any.
 */
export const SCHEMA_GROUPS = {
  shell: ['creatorList', 'placeTagList', 'sessionState', 'siteInfo', 'userPreferences'],
  browse: [
    'ccuPeriodsResponse',
    'creatorDetail',
    'dailyPickList',
    'experience',
    'experienceListPage',
    'experienceSummary',
    'genreDetail',
    'genreDistribution',
    'genreList',
    'genreStatsResponse',
    'movementList',
    'placeTag',
    'platformCcuList',
    'populatedPlaceTag',
    'priceHistory',
    'rankedExperienceList',
    'rankingSeries',
    'rankingSnapshot',
    'statsResponse',
    'subGenreDetail',
  ],
  icons: ['thumbnailList'],
  signals: [
    'eventMarkerList',
    'genreBenchmarks',
    'genreStanding',
    'momentumResponse',
    'placementHistory',
    'rankingDayChanges',
    'recentLikesResponse',
  ],
  account: [
    'alert',
    'alertDelivery',
    'alertDeliveryList',
    'alertList',
    'apiKeyCreated',
    'apiKeyList',
    'authProviders',
    'codeLibrary',
    'errorGroups',
    'eventStatList',
    'exchangeRates',
    'gameCredential',
    'gameCredentialList',
    'listedUser',
    'okResponse',
    'sessionUser',
    'userIdentity',
    'userList',
    'visitorStats',
  ],
} as const

export type SchemaGroup = keyof typeof SCHEMA_GROUPS
