// The response schemas of the public pages' answers: experiences, their series, rankings, picks, creators, genres, tags and the platform.
// One module per group (response-schemas/groups.ts), each loaded when a call of the group is first made.
export {
  ccuPeriodsResponse,
  creatorDetail,
  dailyPickList,
  experience,
  experienceListPage,
  experienceSummary,
  genreDetail,
  genreDistribution,
  genreList,
  genreStatsResponse,
  movementList,
  placeTag,
  platformCcuList,
  populatedPlaceTag,
  priceHistory,
  rankedExperienceList,
  rankingSeries,
  rankingSnapshot,
  statsResponse,
  subGenreDetail,
} from '@ludex/schemas'
