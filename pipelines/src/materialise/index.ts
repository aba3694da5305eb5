export { BENCHMARK_LEVELS, materialiseBenchmarks } from './benchmarks.ts'
export { type ChunkProgress, monthChunks } from './chunks.ts'
export { MaterialiseError } from './errors.ts'
export { materialiseEventCounts } from './events.ts'
export {
  GENRE_GRANULARITIES,
  materialiseGenreCcu,
  materialiseGenreDistribution,
  materialiseGenres,
} from './genres.ts'
export {
  type Clock,
  createMaterialiser,
  type DirtyRange,
  type DirtyScope,
  type Materialiser,
  type MaterialiserOptions,
  mergeRange,
} from './materialiser.ts'
export { MOVEMENT_LOOKBACK_DAYS, materialiseMovement, movementDays, TOP_N } from './movement.ts'
export {
  bucketSpan,
  bucketSql,
  bucketStartMs,
  nextBucketStartMs,
  ROLLUP_GRANULARITIES,
  type RollupGranularity,
} from './periods.ts'
export { type RebuildOptions, type RecomputeRangeOptions, rebuild, recomputeRange } from './recompute.ts'
export { type ResumedMaterialiser, type ResumeMaterialiserOptions, resumeMaterialiser } from './resume.ts'
export {
  type MaterialiseRangeOptions,
  materialiseGranularity,
  materialiseRange,
  type RecomputeOptions,
  type SlotRange,
} from './rollups.ts'
