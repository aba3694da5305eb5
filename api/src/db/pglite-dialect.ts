import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

/**
 * Kysely over PGlite (the maintained kysely-pglite-dialect stops at PGlite 0.4). PGlite is one
 * connection: the driver hands it to one Kysely connection at a time, so a transaction's statements
 * never interleave with another caller's.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite)
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters])
    const command = result.command ?? ''
    const changes = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(command)
    return {
      rows: result.rows,
      ...(changes && { numAffectedRows: BigInt(result.affectedRows ?? 0) }),
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no cursors over its wire: the whole result is one chunk.
    yield await this.executeQuery<R>(compiled)
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection
  /** The tail of the queue of callers waiting for the one connection. */
  private queue: Promise<void> = Promise.resolve()
  private readonly releases = new WeakMap<DatabaseConnection, () => void>()

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite)
  }

  async init(): Promise<void> {
    await this.pglite.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void
    const turn = new Promise<void>((resolve) => {
      release = resolve
    })
    const before = this.queue
    this.queue = before.then(() => turn)
    await before
    // A fresh wrapper per holder, so a release is matched to the acquire it belongs to.
    const connection: DatabaseConnection = {
      executeQuery: (q) => this.connection.executeQuery(q),
      streamQuery: (q) => this.connection.streamQuery(q),
    }
    this.releases.set(connection, release)
    return connection
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const modes = [
      settings.isolationLevel && `isolation level ${settings.isolationLevel}`,
      settings.accessMode,
    ].filter(Boolean)
    await connection.executeQuery(CompiledQuery.raw(`begin${modes.length ? ` ${modes.join(', ')}` : ''}`))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`))
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.releases.get(connection)?.()
    this.releases.delete(connection)
  }

  async destroy(): Promise<void> {
    // Wait for the last holder, then close the database (flushes it to the data dir).
    await this.queue
    if (!this.pglite.closed) await this.pglite.close()
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
