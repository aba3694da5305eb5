// The response schemas of the public pages' answers: experiences, their series, rankings, picks, creators, genres, tags and the platform.
// One module per group (response-schemas/groups.ts), each loaded when a call of the group is first made.
export {
  ccuPeriodsResponse,
  creatorDetail,
  dailyPickList,
  experience,
  genreDetail,
  genreDistribution,
  genreList,
  genreStatsResponse,
  movementList,
  placeTag,
  platformCcuList,
  populatedPlaceTag,
  priceHistory,
  rankingSeries,
  rankingSnapshot,
  statsResponse,
  subGenreDetail,
  thumbnailList,
} from '@ludex/schemas'
