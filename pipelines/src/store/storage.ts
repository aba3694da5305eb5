import type { ClickHouseClient } from '@clickhouse/client'
import { queryRows } from './query.ts'

/** What one table of the store holds on disk, from its active parts. */
export interface TableStorage {
  readonly table: string
  /** Rows of the active parts: a replacing table's versions not yet merged away count too. */
  readonly rows: number
  readonly parts: number
  /** Everything on disk: compressed columns, marks, primary index, checksums. */
  readonly bytesOnDisk: number
  readonly compressedBytes: number
  readonly uncompressedBytes: number
}

/**
 * Each table of the current database with data, largest first (system.parts, active parts only).
 * The storage benchmark reads it; an operator can ask the same of a running store.
 */
export async function tableStorage(client: ClickHouseClient): Promise<TableStorage[]> {
  const rows = await queryRows<{
    table: string
    rows: number
    parts: number
    on_disk: number
    compressed: number
    uncompressed: number
  }>(client, {
    what: 'table storage',
    query: `SELECT table, sum(rows) AS rows, count() AS parts, sum(bytes_on_disk) AS on_disk,
       sum(data_compressed_bytes) AS compressed, sum(data_uncompressed_bytes) AS uncompressed
FROM system.parts
WHERE database = currentDatabase() AND active
GROUP BY table
ORDER BY on_disk DESC`,
    int64: ['rows', 'parts', 'on_disk', 'compressed', 'uncompressed'],
  })
  return rows.map((r) => ({
    table: r.table,
    rows: r.rows,
    parts: r.parts,
    bytesOnDisk: r.on_disk,
    compressedBytes: r.compressed,
    uncompressedBytes: r.uncompressed,
  }))
}
