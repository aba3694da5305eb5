// The response schemas the web app checks answers against, the same ones the server validates with.
// Loaded on demand (apiGet imports this module while the request is in flight), so zod and the
// schemas stay out of the first load's JavaScript.
export {
  authProviders,
  creatorList,
  dailyPickList,
  experience,
  genreDistribution,
  genreStatsResponse,
  listedUser,
  movementList,
  okResponse,
  platformCcuList,
  priceHistory,
  rankingSeries,
  rankingSnapshot,
  sessionState,
  sessionUser,
  siteInfo,
  slimExperienceList,
  statsResponse,
  thumbnailList,
  userIdentity,
  userList,
  userPreferences,
} from '@ludex/schemas'
