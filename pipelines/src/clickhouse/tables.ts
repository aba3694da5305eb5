/** Table names as TypeScript sees them; the SQL in migrations/ creates them (unqualified, in CLICKHOUSE_DATABASE). */
export const tables = {
  schemaMigrations: 'schema_migrations',
  placeSnapshots: 'place_snapshots',
  placeLatest: 'place_latest',
  placeDetails: 'place_details',
  placeThumbnails: 'place_thumbnails',
  placeAgeRatings: 'place_age_ratings',
  placePlayStatus: 'place_play_status',
  chartPositions: 'chart_positions',
  dailyPicks: 'daily_picks',
  platformCcu: 'platform_ccu',
  creators: 'creators',
  deadLetters: 'dead_letters',
  insertLog: 'insert_log',
} as const

export type TableName = (typeof tables)[keyof typeof tables]
