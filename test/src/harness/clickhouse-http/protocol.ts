import type { IncomingHttpHeaders } from 'node:http'
import { ClickHouseHttpError } from './errors.ts'

/**
 * How a ClickHouse server reads an HTTP request (the parts @clickhouse/client and curl use):
 * - the SQL is the `query` URL parameter followed by a newline and the body, or the body alone;
 * - `param_<name>` binds `{name:Type}` (escaped text form), from the URL or a multipart body;
 * - `database`, `default_format`, `query_id`, credentials and the HTTP layer's own switches are read
 *   here; every other URL parameter is a setting for this query only.
 */
export interface ParsedRequest {
  readonly method: 'GET' | 'POST'
  /** The `query` URL parameter (the statement an insert's body belongs to), if any. */
  readonly queryParam: string | undefined
  readonly body: Buffer
  readonly database: string | undefined
  readonly params: Record<string, string>
  readonly settings: ReadonlyMap<string, string>
  readonly defaultFormat: string
  readonly queryId: string | undefined
  readonly user: string
  readonly password: string
  /** enable_http_compression=1: compress the response with what Accept-Encoding allows. */
  readonly compressResponse: boolean
  readonly gzipLevel: number | undefined
}

/** URL parameters the HTTP handler consumes itself; they never reach the engine as settings. */
const HANDLER_PARAMS = new Set([
  'query',
  'database',
  'default_format',
  'query_id',
  'user',
  'password',
  'quota_key',
  'session_id',
  'session_timeout',
  'session_check',
  'compress',
  'decompress',
  'buffer_size',
  'wait_end_of_query',
  'stacktrace',
  'role',
  'enable_http_compression',
  'http_zlib_compression_level',
  'send_progress_in_http_headers',
  'http_headers_progress_interval_ms',
  'http_response_buffer_size',
])

const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name]
  return Array.isArray(v) ? v[0] : v
}

function credentials(url: URL, headers: IncomingHttpHeaders): { user: string; password: string } {
  const auth = header(headers, 'authorization')
  if (auth?.startsWith('Basic ')) {
    const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    return colon < 0
      ? { user: decoded, password: '' }
      : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
  }
  return {
    user: header(headers, 'x-clickhouse-user') ?? url.searchParams.get('user') ?? 'default',
    password: header(headers, 'x-clickhouse-key') ?? url.searchParams.get('password') ?? '',
  }
}

/** The named parts of a multipart/form-data body (what the client sends with use_multipart_params). */
export function multipartParts(body: Buffer, contentType: string): Map<string, string> {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType)
  const boundary = m?.[1] ?? m?.[2]
  if (!boundary) throw new ClickHouseHttpError(36, 'BAD_ARGUMENTS', 'multipart body without a boundary')
  const parts = new Map<string, string>()
  for (const chunk of body.toString('utf8').split(`--${boundary}`)) {
    const headerEnd = chunk.indexOf('\r\n\r\n')
    if (headerEnd < 0) continue
    const name = /name="([^"]+)"/.exec(chunk.slice(0, headerEnd))?.[1]
    if (!name) continue
    // A part's value ends with the CRLF that precedes the next delimiter.
    parts.set(name, chunk.slice(headerEnd + 4).replace(/\r\n$/, ''))
  }
  return parts
}

export function parseRequest(
  method: string,
  rawUrl: string,
  headers: IncomingHttpHeaders,
  rawBody: Buffer,
): ParsedRequest {
  if (method !== 'GET' && method !== 'POST') {
    throw new ClickHouseHttpError(36, 'BAD_ARGUMENTS', `HTTP method ${method} is not supported`)
  }
  const url = new URL(rawUrl, 'http://localhost')
  if (url.searchParams.has('session_id')) {
    throw new ClickHouseHttpError(48, 'NOT_IMPLEMENTED', 'session_id is not supported by the test harness')
  }
  const params: Record<string, string> = {}
  const settings = new Map<string, string>()
  for (const [key, value] of url.searchParams) {
    if (key.startsWith('param_')) params[key.slice(6)] = value
    else if (!HANDLER_PARAMS.has(key)) {
      if (!SETTING_NAME.test(key)) {
        throw new ClickHouseHttpError(36, 'BAD_ARGUMENTS', `Invalid setting name '${key}'`)
      }
      settings.set(key, value)
    }
  }
  let queryParam = url.searchParams.get('query') ?? undefined
  let body = rawBody
  const contentType = header(headers, 'content-type') ?? ''
  if (method === 'POST' && contentType.toLowerCase().startsWith('multipart/form-data')) {
    for (const [name, value] of multipartParts(rawBody, contentType)) {
      if (name === 'query') queryParam = value
      else if (name.startsWith('param_')) params[name.slice(6)] = value
    }
    body = Buffer.alloc(0)
  }
  const level = url.searchParams.get('http_zlib_compression_level')
  return {
    method,
    queryParam,
    body,
    database: url.searchParams.get('database') ?? header(headers, 'x-clickhouse-database') ?? undefined,
    params,
    settings,
    defaultFormat:
      url.searchParams.get('default_format') ?? header(headers, 'x-clickhouse-format') ?? 'TabSeparated',
    queryId: url.searchParams.get('query_id') ?? undefined,
    ...credentials(url, headers),
    compressResponse: url.searchParams.get('enable_http_compression') === '1',
    gzipLevel: level === null ? undefined : Number(level),
  }
}

/** `SET name = value` with the URL's text value as the literal the setting parses. */
export function setStatement(name: string, value: string): string {
  const literal = /^-?\d+(\.\d+)?$/.test(value)
    ? value
    : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
  return `SET ${name} = ${literal}`
}

const INSERT_WITH_FORMAT = /^\s*INSERT\s+INTO\s+[\s\S]*\bFORMAT\s+[A-Za-z0-9_]+\s*$/i
const TRAILING_FORMAT = /\bFORMAT\s+([A-Za-z0-9_]+)\s*;?\s*$/i

/** An INSERT whose data is the request body (`query=INSERT ... FORMAT X`, rows in the body). */
export function isBodyInsert(queryParam: string | undefined, body: Buffer): queryParam is string {
  return queryParam !== undefined && body.length > 0 && INSERT_WITH_FORMAT.test(queryParam)
}

/** The format of the response body: the statement's own FORMAT clause, else default_format. */
export function outputFormat(statement: string, defaultFormat: string): string {
  if (/^\s*INSERT\b/i.test(statement)) return defaultFormat
  return TRAILING_FORMAT.exec(statement)?.[1] ?? defaultFormat
}

export function contentTypeOf(format: string): string {
  if (/^JSON/i.test(format)) return 'application/json; charset=UTF-8'
  if (/^(TSV|TabSeparated)/i.test(format)) return 'text/tab-separated-values; charset=UTF-8'
  if (/^CSV/i.test(format)) return 'text/csv; charset=UTF-8; header=absent'
  return 'text/plain; charset=UTF-8'
}
