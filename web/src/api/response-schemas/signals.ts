// The response schemas of the signals of issue 20: markers, placements, a ranking day's changes, genre standing and benchmarks, momentum, recent like %.
// One module per group (response-schemas/groups.ts), each loaded when a call of the group is first made.
export {
  eventMarkerList,
  genreBenchmarks,
  genreStanding,
  momentumResponse,
  placementHistory,
  rankingDayChanges,
  recentLikesResponse,
} from '@ludex/schemas'
