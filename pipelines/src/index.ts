export type { DeadLetterContext, DeadLetterHandler } from './bus/dead-letter-handler.ts'
export { BusClosedError, DuplicateSubscriptionError } from './bus/errors.ts'
export {
  type ConsumerValidation,
  createInProcessBus,
  type InProcessBus,
  type InProcessBusOptions,
} from './bus/in-process-bus.ts'
export {
  type AnalyticsClientConfig,
  AnalyticsConnectError,
  chdbPath,
  createAnalyticsClient,
} from './clickhouse/client.ts'
export {
  loadMigrations,
  MIGRATIONS_DIR,
  type MigrateResult,
  type Migration,
  MigrationChecksumError,
  MigrationError,
  MigrationFileError,
  migrate,
  splitStatements,
} from './clickhouse/migrate.ts'
export * from './insert-log/index.ts'
export * from './materialise/index.ts'
export { snapshotRows, type TsvRows } from './sink/rows.ts'
export {
  deadLetterWriter,
  type InsertedEvent,
  SINK_GROUP,
  type Sink,
  SinkInsertError,
  type SinkOptions,
  startSink,
} from './sink/sink.ts'
/** The engine-free store module, also its own entry point (`@ludex/pipelines/store`) for the API. */
export * from './store/index.ts'
