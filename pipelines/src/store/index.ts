/**
 * `@ludex/pipelines/store`: the one owner of the analytics store's read-side SQL, engine-free (no chDB,
 * no Kafka, no bus): the table map, named SQL fragments, typed parameters and `queryRows`. The API and
 * the materialisers both import it; the API imports nothing else of this package (biome.json).
 */
export type { ClickHouseClient } from '@clickhouse/client'
export {
  averageCcuSql,
  CURRENT_GENRES_CTE,
  type DetailColumns,
  experienceGenreSql,
  type GenreColumns,
  genreKeySql,
  latestChartPositionsSql,
  latestDetailsSql,
  likeRatioOrZeroSql,
  likeRatioSql,
  playtimeSecondsSql,
  RANKED_LISTING_SQL,
  ROLLUP_VALUE_SQL,
} from './fragments.ts'
export { readOperatorState, writeOperatorState } from './operator-state.ts'
export { dateParam, dateTime64Param, dateTimeParam, isoFromClickHouse } from './params.ts'
export {
  queryRows,
  type ReadOptions,
  readRows,
  type StoreReadCache,
  StoreReadError,
  type StoreReader,
  UnsafeIntegerError,
} from './query.ts'
export { type TableStorage, tableStorage } from './storage.ts'
export { type TableName, tables } from './tables.ts'
