import type { Config } from '@ludex/schemas'

/** Cluster mode (CLICKHOUSE_CLUSTER): where the migrations' DDL goes and what it names. */
export interface ClusterOptions {
  /** The cluster of the servers' remote_servers that ON CLUSTER and the Distributed tables name. */
  readonly name: string
  /** CLICKHOUSE_DATABASE: the Distributed tables name their local tables' database. */
  readonly database: string
}

/** The cluster options of the configuration, or undefined on one server (or chDB). */
export function clusterOf(
  config: Pick<Config, 'CLICKHOUSE_CLUSTER' | 'CLICKHOUSE_DATABASE'>,
): ClusterOptions | undefined {
  return config.CLICKHOUSE_CLUSTER
    ? { name: config.CLICKHOUSE_CLUSTER, database: config.CLICKHOUSE_DATABASE }
    : undefined
}

/** A table of places holds its rows on each shard under this name; its own name is the Distributed one. */
export function localTable(table: string): string {
  return `${table}_local`
}

/** The column that makes a table a table of places, sharded by it. */
export const PLACE_COLUMN = 'place_id'

/**
 * How rows are spread over the shards: by place, so every row of one place is on one shard (FINAL,
 * argMax and the per-place joins then stay right on each shard alone), hashed so ids that share a
 * pattern do not pile onto one shard.
 */
export const PLACE_SHARDING_KEY = `cityHash64(${PLACE_COLUMN})`

/**
 * Keeper path and replica name of a table of places: one replication group per shard. {uuid} (the
 * table's, the same on every server of an ON CLUSTER create in an Atomic database) keeps paths apart
 * across renames and a table made again under an old name.
 */
export const SHARD_REPLICATION = ["'/clickhouse/tables/{uuid}/{shard}'", "'{replica}'"] as const

/**
 * Keeper path and replica name of a table every server holds whole (no place column: per slot, per
 * genre or per day aggregates, the bookkeeping): one replication group across the cluster, so a
 * replica is named by shard and replica together.
 */
export const EVERYWHERE_REPLICATION = ["'/clickhouse/tables/{uuid}/all'", "'{shard}-{replica}'"] as const
