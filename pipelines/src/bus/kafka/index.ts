/** The Kafka adapter of the bus and its operator tools: imported only where KAFKA_BROKERS selects it, so
 * processes on the in-process bus never load kafkajs. */
export {
  batchProcessor,
  type ChunkDone,
  type DeadLetterSink,
} from './batch-processor.ts'
export {
  createKafkaClient,
  KafkaConfigError,
  type KafkaConnection,
  kafkaConnection,
  kafkaGroupId,
  kafkaTopicName,
  parseBrokers,
} from './client.ts'
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
} from './codec.ts'
export {
  type DeadLetterRetrySummary,
  DLQ_RETRY_GROUP,
  listDeadLetters,
  retryDeadLetters,
} from './dead-letter-queue.ts'
export { GroupActiveError, groupMembers, setGroupOffsets } from './group-offsets.ts'
export { createKafkaBus, type KafkaBus } from './kafka-bus.ts'
export { consumerLag, type PartitionLag } from './lag.ts'
export { type KafkaBusOptions, kafkaBusOptions } from './options.ts'
export {
  RangeConsumerError,
  type RangeOptions,
  type RangeProgress,
  type RangeResult,
} from './range-reader.ts'
export {
  type ReplayPartition,
  type ReplayRequest,
  type ReplaySummary,
  replayTopic,
  type TopicPosition,
} from './replay.ts'
export {
  busTopics,
  dataTopics,
  type EnsureTopicsResult,
  ensureTopics,
  ensureTopicsWith,
  KafkaTopicsError,
  type TopicSettings,
  topicSettings,
} from './topics.ts'
