/**
 * Every table and view of the analytics store, as TypeScript names them: SQL text interpolates these
 * (`FROM ${tables.placeLatest} FINAL`), never a literal. The migrations in pipelines/src/clickhouse/
 * migrations create them unqualified in CLICKHOUSE_DATABASE (the migrator creates schema_migrations);
 * tables.test.ts checks the map against a migrated store, both ways.
 */
export const tables = {
  // Bookkeeping of the migrator itself.
  schemaMigrations: 'schema_migrations',

  // Raw tables the sink writes (001): ReplacingMergeTree keyed by what a row records.
  placeSnapshots: 'place_snapshots',
  /** Newest snapshot per place, written by the sink after each snapshot batch (latestRows). */
  placeLatest: 'place_latest',
  placeDetails: 'place_details',
  placeThumbnails: 'place_thumbnails',
  placeAgeRatings: 'place_age_ratings',
  placePlayStatus: 'place_play_status',
  chartPositions: 'chart_positions',
  dailyPicks: 'daily_picks',
  platformCcu: 'platform_ccu',
  creators: 'creators',
  /** Append-only log of messages the bus refused (reason and payload). */
  deadLetters: 'dead_letters',

  // The process's own facts (019): a finished backfill, the materialiser's insert-log cursor.
  operatorState: 'operator_state',

  // Materialised from the raw tables (020–023), recompute-and-replace; read with FINAL.
  placeRollups: 'place_rollups',
  genreCcu: 'genre_ccu',
  genreDistribution: 'genre_distribution',
  dailyRanks: 'daily_ranks',
  top100Movement: 'top100_movement',
  genreBenchmarksDaily: 'genre_benchmarks_daily',

  // What sinks inserted, for a materialiser to follow (024).
  insertLog: 'insert_log',

  // Game events (026): raw, one row per (place, event id); daily counts materialised from them.
  gameEvents: 'game_events',
  eventDailyCounts: 'event_daily_counts',
  // First-party site data (027): page views and sign-ups, browser error reports; TTLs keep the
  // retention promises (addresses 30 days, the rows 3 months; RETAINED_TABLES in src/retention).
  siteEvents: 'site_events',
  errorReports: 'error_reports',

  // Restrictions (032): censored games answers, one row per observed change.
  placeRestrictions: 'place_restrictions',
} as const

export type TableName = (typeof tables)[keyof typeof tables]
