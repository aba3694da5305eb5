export {
  type ClusterOptions,
  clusterOf,
  EVERYWHERE_REPLICATION,
  localTable,
  PLACE_SHARDING_KEY,
  SHARD_REPLICATION,
} from './options.ts'
export {
  ClusterDdlError,
  type ClusterTableKind,
  type ClusterTranslator,
  createClusterTranslator,
} from './translate.ts'
