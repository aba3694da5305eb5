export type { DeadLetterContext, DeadLetterHandler } from './bus/dead-letter-handler.ts'
export { BusClosedError, DuplicateSubscriptionError } from './bus/errors.ts'
export {
  type ConsumerValidation,
  createInProcessBus,
  type InProcessBus,
  type InProcessBusOptions,
} from './bus/in-process-bus.ts'
export {
  batchProcessor,
  type ChunkDone,
  type DeadLetterSink,
} from './bus/kafka/batch-processor.ts'
export {
  createKafkaClient,
  KafkaConfigError,
  type KafkaConnection,
  kafkaConnection,
  kafkaGroupId,
  kafkaTopicName,
  parseBrokers,
} from './bus/kafka/client.ts'
export {
  type DeadLetterOrigin,
  type Decoded,
  deadLetterMessage,
  decodeMessages,
  decodeRecord,
  type EncodedRecord,
  encodeRecords,
  PACK_HEADER,
  PACK_VERSION,
  readDeadLetter,
  type StoredDeadLetter,
} from './bus/kafka/codec.ts'
export {
  type DeadLetterRetrySummary,
  DLQ_RETRY_GROUP,
  listDeadLetters,
  retryDeadLetters,
} from './bus/kafka/dead-letter-queue.ts'
export { GroupActiveError, groupMembers, setGroupOffsets } from './bus/kafka/group-offsets.ts'
export {
  createKafkaBus,
  type KafkaBus,
  type KafkaBusOptions,
  kafkaBusOptions,
  RangeConsumerError,
  type RangeOptions,
  type RangeProgress,
  type RangeResult,
} from './bus/kafka/kafka-bus.ts'
export { consumerLag, type PartitionLag } from './bus/kafka/lag.ts'
export {
  type ReplayPartition,
  type ReplayRequest,
  type ReplaySummary,
  replayTopic,
  type TopicPosition,
} from './bus/kafka/replay.ts'
export {
  busTopics,
  dataTopics,
  type EnsureTopicsResult,
  ensureTopics,
  ensureTopicsWith,
  KafkaTopicsError,
  type TopicSettings,
  topicSettings,
} from './bus/kafka/topics.ts'
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
export { type TableName, tables } from './clickhouse/tables.ts'
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
