// The response schemas the web app checks answers against, the same ones the server validates with.
// Loaded on demand (apiGet imports this module while the request is in flight), so zod and the
// schemas stay out of the first load's JavaScript.
export {
  authProviders,
  creatorDetail,
  creatorList,
  dailyPickList,
  experience,
  genreDetail,
  genreDistribution,
  genreList,
  genreStatsResponse,
  listedUser,
  movementList,
  okResponse,
  platformCcuList,
  priceHistory,
  rankingSeries,
  rankingSnapshot,
  sessionUser,
  slimExperienceList,
  statsResponse,
  subGenreDetail,
  thumbnailList,
  userIdentity,
  userList,
  userPreferences,
} from '@ludex/schemas'
