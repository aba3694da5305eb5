import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { type Engine, type EngineRequest, openEngine } from './engine.ts'
import { ClickHouseHttpError, httpStatusOf, toClickHouseError } from './errors.ts'
import {
  contentTypeOf,
  isBodyInsert,
  outputFormat,
  type ParsedRequest,
  parseRequest,
  setStatement,
} from './protocol.ts'

export interface ClickHouseHttpOptions {
  /** chDB data directory. */
  readonly path: string
  readonly host?: string
  readonly port?: number
  /** When set, requests must authenticate as this user with this password (else 'default', any). */
  readonly user?: string
  readonly password?: string
}

export interface ClickHouseHttpServer {
  readonly url: string
  readonly version: string
  /** Requests answered so far, by kind (the tests check which paths the client took). */
  readonly counts: Readonly<Record<'query' | 'insert' | 'ping' | 'error', number>>
  close(): Promise<void>
}

const KEEP_ALIVE_SECONDS = 10
const decoders: Record<string, (b: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks)
  const encoding = req.headers['content-encoding']?.toLowerCase()
  if (!encoding || encoding === 'identity') return raw
  const decode = decoders[encoding]
  if (!decode) throw new ClickHouseHttpError(36, 'BAD_ARGUMENTS', `Unknown Content-Encoding '${encoding}'`)
  try {
    return await decode(raw)
  } catch (cause) {
    throw new ClickHouseHttpError(36, 'BAD_ARGUMENTS', `Cannot decode a ${encoding} request body`, { cause })
  }
}

/** gzip/deflate/br as ClickHouse offers them, picked from Accept-Encoding in the client's order. */
async function encodeResponse(
  body: Buffer,
  acceptEncoding: string | undefined,
  level: number | undefined,
): Promise<{ body: Buffer; encoding?: string }> {
  for (const raw of (acceptEncoding ?? '').split(',')) {
    const encoding = raw.trim().split(';')[0]!.toLowerCase()
    if (encoding === 'gzip')
      return { body: zlib.gzipSync(body, level === undefined ? {} : { level }), encoding }
    if (encoding === 'deflate') return { body: zlib.deflateSync(body), encoding }
    if (encoding === 'br') return { body: zlib.brotliCompressSync(body), encoding }
  }
  return { body }
}

function summary(fields: Partial<Record<string, number>>, elapsedSeconds: number): string {
  const s = (n: number | undefined) => String(Math.max(0, Math.round(n ?? 0)))
  return JSON.stringify({
    read_rows: s(fields.read_rows),
    read_bytes: s(fields.read_bytes),
    written_rows: s(fields.written_rows),
    written_bytes: s(fields.written_bytes),
    total_rows_to_read: '0',
    result_rows: s(fields.result_rows),
    result_bytes: s(fields.result_bytes),
    elapsed_ns: s(elapsedSeconds * 1e9),
  })
}

/**
 * ClickHouse's HTTP interface (the subset Ludex's `@clickhouse/client` uses, plus curl-style GETs) in
 * front of chDB, i.e. the real ClickHouse engine embedded. A test stand-in for a ClickHouse server,
 * which cannot be installed on this machine (see test/README.md).
 */
export async function serveClickHouseHttp(options: ClickHouseHttpOptions): Promise<ClickHouseHttpServer> {
  const engine: Engine = await openEngine(options.path)
  const counts = { query: 0, insert: 0, ping: 0, error: 0 }
  const commonHeaders = {
    'X-ClickHouse-Server-Display-Name': 'ludex-test-harness',
    'X-ClickHouse-Timezone': 'UTC',
    'Keep-Alive': `timeout=${KEEP_ALIVE_SECONDS}`,
  }

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: Buffer,
    headers: Record<string, string>,
    compress: { enabled: boolean; level: number | undefined },
  ): Promise<void> {
    const encoded = compress.enabled
      ? await encodeResponse(body, req.headers['accept-encoding'], compress.level)
      : { body }
    res.writeHead(status, {
      ...commonHeaders,
      ...headers,
      ...(encoded.encoding && { 'Content-Encoding': encoded.encoding }),
      'Content-Length': String(encoded.body.length),
    })
    res.end(encoded.body)
  }

  async function execute(parsed: ParsedRequest) {
    if (options.user !== undefined) {
      if (parsed.user !== options.user || parsed.password !== (options.password ?? '')) {
        throw new ClickHouseHttpError(
          516,
          'AUTHENTICATION_FAILED',
          `${parsed.user}: Authentication failed: password is incorrect, or there is no user with such name`,
        )
      }
    }
    const setStatements = [...parsed.settings].map(([k, v]) => setStatement(k, v))
    // A GET may only read (readonly=2 still lets it change settings), as on the server.
    if (parsed.method === 'GET' && !parsed.settings.has('readonly')) setStatements.push('SET readonly = 2')
    const request: EngineRequest = { database: parsed.database, setStatements }

    if (isBodyInsert(parsed.queryParam, parsed.body) && Object.keys(parsed.params).length === 0) {
      const outcome = await engine.insertRaw(request, parsed.queryParam.trim(), parsed.body)
      counts.insert++
      return {
        body: Buffer.alloc(0),
        format: parsed.defaultFormat,
        summary: summary(
          {
            read_rows: outcome.writtenRows,
            read_bytes: outcome.writtenBytes,
            written_rows: outcome.writtenRows,
            written_bytes: outcome.writtenBytes,
          },
          outcome.elapsedSeconds,
        ),
      }
    }
    const statement =
      parsed.queryParam === undefined
        ? parsed.body.toString('utf8')
        : parsed.body.length > 0
          ? `${parsed.queryParam}\n${parsed.body.toString('utf8')}`
          : parsed.queryParam
    if (statement.trim() === '') {
      throw new ClickHouseHttpError(62, 'SYNTAX_ERROR', 'Empty query')
    }
    if (parsed.method === 'GET' && /^\s*INSERT\b/i.test(statement)) {
      throw new ClickHouseHttpError(164, 'READONLY', 'Cannot execute query in readonly mode')
    }
    const format = outputFormat(statement, parsed.defaultFormat)
    const outcome = await engine.query(request, statement, parsed.defaultFormat, parsed.params)
    counts.query++
    return {
      body: outcome.body,
      format,
      summary: summary(
        {
          read_rows: outcome.resultRows,
          read_bytes: outcome.resultBytes,
          result_rows: outcome.resultRows,
          result_bytes: outcome.resultBytes,
        },
        outcome.elapsedSeconds,
      ),
    }
  }

  const server = createServer({ maxHeaderSize: 1 << 20 }, (req, res) => {
    void (async () => {
      const url = req.url ?? '/'
      const path = url.split('?')[0]
      let parsed: ParsedRequest | undefined
      let queryId: string = randomUUID()
      try {
        const body = await readBody(req)
        if (path === '/ping' || (path === '/' && req.method === 'GET' && !url.includes('query='))) {
          counts.ping++
          await send(
            req,
            res,
            200,
            Buffer.from('Ok.\n'),
            { 'Content-Type': 'text/html; charset=UTF-8' },
            {
              enabled: false,
              level: undefined,
            },
          )
          return
        }
        if (path === '/harness/stats' && req.method === 'GET') {
          // Not ClickHouse: the harness's own request counts, for tests that check the path taken.
          await send(
            req,
            res,
            200,
            Buffer.from(JSON.stringify(counts)),
            { 'Content-Type': 'application/json' },
            {
              enabled: false,
              level: undefined,
            },
          )
          return
        }
        if (path !== '/') {
          throw new ClickHouseHttpError(
            36,
            'BAD_ARGUMENTS',
            `There is no handle ${path}. Use / or /ping for health checks`,
          )
        }
        parsed = parseRequest(req.method ?? 'GET', url, req.headers, body)
        queryId = parsed.queryId ?? queryId
        const result = await execute(parsed)
        await send(
          req,
          res,
          200,
          result.body,
          {
            'Content-Type': contentTypeOf(result.format),
            'X-ClickHouse-Query-Id': queryId,
            'X-ClickHouse-Format': result.format,
            'X-ClickHouse-Summary': result.summary,
          },
          { enabled: parsed.compressResponse, level: parsed.gzipLevel },
        )
      } catch (err) {
        counts.error++
        const error = toClickHouseError(err)
        await send(
          req,
          res,
          httpStatusOf(error.type),
          Buffer.from(`${error.text} (version ${engine.version})\n`),
          {
            'Content-Type': 'text/plain; charset=UTF-8',
            'X-ClickHouse-Query-Id': queryId,
            'X-ClickHouse-Exception-Code': String(error.code),
          },
          { enabled: parsed?.compressResponse ?? false, level: parsed?.gzipLevel },
        ).catch(() => res.destroy())
      }
    })()
  })
  server.keepAliveTimeout = KEEP_ALIVE_SECONDS * 1000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const address = server.address() as AddressInfo
  return {
    url: `http://${address.address}:${address.port}`,
    version: engine.version,
    counts,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      engine.close()
    },
  }
}
