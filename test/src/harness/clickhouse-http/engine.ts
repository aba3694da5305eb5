import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * chDB below the HTTP layer: one engine per process (libchdb binds one data dir per process), one
 * short-lived connection per HTTP request so that `USE` and `SET` stay with the request that sent them,
 * as they do on a ClickHouse server (settings in the URL apply to that query only).
 *
 * Parameters go to the engine's native binder as the exact text the HTTP client put in `param_*`
 * (ClickHouse's escaped text form). chdb's own `queryBindAsync` would format JS values itself and
 * escape that text a second time, so the harness calls the addon's connection functions directly.
 */
interface NativeResult {
  readonly bytes: Buffer
  readonly elapsed: number
  readonly rowsRead: number
  readonly bytesRead: number
}

interface NativeInsertResult {
  readonly elapsed: number
  readonly rowsWritten: number
  readonly bytesWritten: number
}

interface ChdbNative {
  QueryAsyncConnection(
    connection: unknown,
    sql: string,
    format: string,
    params?: Record<string, string>,
  ): Promise<NativeResult>
  InsertRawAsyncConnection(
    connection: unknown,
    prefix: string,
    data: Buffer,
    countLines: boolean,
  ): Promise<NativeInsertResult>
}

interface ChdbSession {
  readonly connection: unknown
  close(): void
}

interface ChdbModule {
  Session: new (path: string) => ChdbSession
}

const require = createRequire(import.meta.url)
const chdbDir = dirname(require.resolve('chdb'))
const chdb = require(join(chdbDir, 'index.js')) as ChdbModule
// The loader caches the addon it loaded for chdb itself, so both share one engine.
const native = (require(join(chdbDir, 'dist', 'loader.js')) as { loadNative(): ChdbNative }).loadNative()

export interface QueryOutcome {
  readonly body: Buffer
  readonly resultRows: number
  readonly resultBytes: number
  readonly elapsedSeconds: number
}

export interface InsertOutcome {
  readonly writtenRows: number
  readonly writtenBytes: number
  readonly elapsedSeconds: number
}

export interface EngineRequest {
  readonly database: string | undefined
  /** `SET` statements run first on the request's connection. */
  readonly setStatements: readonly string[]
}

export interface Engine {
  readonly version: string
  query(
    request: EngineRequest,
    sql: string,
    format: string,
    params: Record<string, string>,
  ): Promise<QueryOutcome>
  insertRaw(request: EngineRequest, prefix: string, data: Buffer): Promise<InsertOutcome>
  close(): void
}

export function quoteIdentifier(name: string): string {
  return `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``
}

export async function openEngine(path: string): Promise<Engine> {
  // Held open for the server's lifetime: the engine boots once (tens of ms) and each request's
  // connection then costs about a millisecond.
  const anchor = new chdb.Session(path)
  const version = (await native.QueryAsyncConnection(anchor.connection, 'SELECT version()', 'TSVRaw')).bytes
    .toString('utf8')
    .trim()
  // chdb runs parameterised queries one at a time process-wide (its binder is not re-entrant); the
  // harness keeps the same rule for the native calls it makes itself.
  let paramChain: Promise<unknown> = Promise.resolve()

  async function withConnection<T>(request: EngineRequest, run: (connection: unknown) => Promise<T>) {
    const session = new chdb.Session(path)
    try {
      if (request.database !== undefined) {
        await native.QueryAsyncConnection(
          session.connection,
          `USE ${quoteIdentifier(request.database)}`,
          'TSV',
        )
      }
      for (const statement of request.setStatements) {
        await native.QueryAsyncConnection(session.connection, statement, 'TSV')
      }
      return await run(session.connection)
    } finally {
      session.close()
    }
  }

  return {
    version,
    query: (request, sql, format, params) =>
      withConnection(request, async (connection) => {
        let result: NativeResult
        if (Object.keys(params).length > 0) {
          const run = paramChain.then(() => native.QueryAsyncConnection(connection, sql, format, params))
          paramChain = run.catch(() => undefined)
          result = await run
        } else {
          result = await native.QueryAsyncConnection(connection, sql, format)
        }
        return {
          body: result.bytes,
          resultRows: result.rowsRead,
          resultBytes: result.bytesRead,
          elapsedSeconds: result.elapsed,
        }
      }),
    insertRaw: (request, prefix, data) =>
      withConnection(request, async (connection) => {
        const result = await native.InsertRawAsyncConnection(connection, prefix, data, false)
        return {
          writtenRows: result.rowsWritten,
          writtenBytes: result.bytesWritten,
          elapsedSeconds: result.elapsed,
        }
      }),
    close: () => anchor.close(),
  }
}
