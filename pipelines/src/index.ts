export type { DeadLetterContext, DeadLetterHandler } from './bus/dead-letter-handler.ts'
export { type BusRetryOptions, busRetryOptions, type RetryPolicy } from './bus/delivery.ts'
export { BusClosedError, DuplicateSubscriptionError } from './bus/errors.ts'
export {
  type ConsumerValidation,
  createInProcessBus,
  type InProcessBus,
  type InProcessBusOptions,
} from './bus/in-process-bus.ts'
export type {
  BusObserver,
  DeadLetteredEvent,
  DeadLetterKind,
  RedeliveryEvent,
} from './bus/observer.ts'
export {
  type AnalyticsClientConfig,
  AnalyticsConnectError,
  chdbPath,
  createAnalyticsClient,
} from './clickhouse/client.ts'
export * from './clickhouse/cluster/index.ts'
export {
  loadMigrations,
  MIGRATIONS_DIR,
  type MigrateOptions,
  type MigrateResult,
  type Migration,
  MigrationChecksumError,
  MigrationError,
  MigrationFileError,
  type MigrationPlan,
  migrate,
  planMigrations,
  splitStatements,
} from './clickhouse/migrate.ts'
export { DATA_REFUSAL_CODES, type StoreRefusal, storeRefusal } from './clickhouse/refusals.ts'
export * from './dumps/index.ts'
export * from './insert-log/index.ts'
export * from './materialise/index.ts'
export { applyRetention, RETAINED_TABLES, type RetentionResult } from './retention/retention.ts'
export { insertJson, insertTsv } from './sink/insert.ts'
export {
  chartRows,
  creatorRows,
  dailyPicksRows,
  errorReportRows,
  type JsonRow,
  latestRows,
  platformRows,
  siteEventRows,
  snapshotRows,
  type TsvRows,
} from './sink/rows.ts'
export {
  deadLetterWriter,
  type InsertedEvent,
  metadataTableRows,
  SINK_GROUP,
  type Sink,
  SinkInsertError,
  type SinkOptions,
  SinkRefusedError,
  startSink,
} from './sink/sink.ts'
/** The engine-free store module, also its own entry point (`@ludex/pipelines/store`) for the API. */
export * from './store/index.ts'
