/**
 * ClickHouse's error contract over HTTP: the body is the exception text (`Code: N. DB::Exception: ...
 * (NAME) (version V)`), `X-ClickHouse-Exception-Code` carries N, and the status follows the error
 * (the server's exceptionCodeToHTTPStatus: 400 for bad input, 403 for failed authentication, 404 for
 * unknown objects, 500 otherwise). @clickhouse/client parses the text into a ClickHouseError.
 */
export class ClickHouseHttpError extends Error {
  constructor(
    readonly code: number,
    readonly type: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'ClickHouseHttpError'
  }

  /** The response body ClickHouse would send, without the version suffix. */
  get text(): string {
    return `Code: ${this.code}. DB::Exception: ${this.message}. (${this.type})`
  }
}

const BAD_REQUEST = new Set([
  'BAD_ARGUMENTS',
  'CANNOT_COMPILE_REGEXP',
  'CANNOT_PARSE_TEXT',
  'CANNOT_PARSE_ESCAPE_SEQUENCE',
  'CANNOT_PARSE_QUOTED_STRING',
  'CANNOT_PARSE_DATE',
  'CANNOT_PARSE_DATETIME',
  'CANNOT_PARSE_NUMBER',
  'CANNOT_PARSE_INPUT_ASSERTION_FAILED',
  'CANNOT_PARSE_UUID',
  'DUPLICATE_COLUMN',
  'ILLEGAL_COLUMN',
  'THERE_IS_NO_COLUMN',
  'NO_SUCH_COLUMN_IN_TABLE',
  'SYNTAX_ERROR',
  'INCORRECT_DATA',
  'TYPE_MISMATCH',
  'UNKNOWN_QUERY_PARAMETER',
  'BAD_QUERY_PARAMETER',
  'VALUE_IS_OUT_OF_RANGE_OF_DATA_TYPE',
])

const NOT_FOUND = new Set([
  'UNKNOWN_TABLE',
  'UNKNOWN_FUNCTION',
  'UNKNOWN_IDENTIFIER',
  'UNKNOWN_TYPE',
  'UNKNOWN_STORAGE',
  'UNKNOWN_DATABASE',
  'UNKNOWN_SETTING',
  'UNKNOWN_AGGREGATE_FUNCTION',
  'UNKNOWN_FORMAT',
  'UNKNOWN_DATABASE_ENGINE',
  'UNKNOWN_TYPE_OF_QUERY',
])

const FORBIDDEN = new Set(['UNKNOWN_USER', 'WRONG_PASSWORD', 'AUTHENTICATION_FAILED'])

export function httpStatusOf(type: string): number {
  if (type === 'REQUIRED_PASSWORD') return 401
  if (FORBIDDEN.has(type)) return 403
  if (BAD_REQUEST.has(type)) return 400
  if (NOT_FOUND.has(type)) return 404
  if (type === 'NOT_IMPLEMENTED') return 501
  if (type === 'TIMEOUT_EXCEEDED') return 408
  return 500
}

const ENGINE_ERROR = /Code: (\d+)\. DB::Exception: ([\s\S]*?)\.? \(([A-Z0-9_]+)\)\s*$/

/** The engine's exception as ClickHouse's error, or an internal error when it is not one. */
export function toClickHouseError(err: unknown): ClickHouseHttpError {
  if (err instanceof ClickHouseHttpError) return err
  const message = err instanceof Error ? err.message : String(err)
  const m = ENGINE_ERROR.exec(message.trim())
  if (m) return new ClickHouseHttpError(Number(m[1]), m[3]!, m[2]!, { cause: err })
  return new ClickHouseHttpError(1002, 'UNKNOWN_EXCEPTION', message, { cause: err })
}
