/**
 * Which store errors are a refusal of the data, as opposed to the store being unavailable. Only a
 * refusal may cost data (the bus bisects the batch and dead-letters the rows refused alone); anything
 * else — connection refused, a timeout, a closed client, too many parts, memory, an error we do not
 * recognise — must be retried until the store takes the batch.
 *
 * Both engines report errors the same way: @clickhouse/client parses the server's `Code: N.
 * DB::Exception: … (NAME)` into a ClickHouseError with `code` (N as a string) and `type` (NAME), and the
 * chDB connection reshapes the engine's exception text into the same ClickHouseError. A socket error has
 * a `code` too, but a symbolic one (`ECONNREFUSED`), and no `type`; a closed chDB connection throws a
 * plain Error. So a refusal is an error with a numeric `code` and a `type`, the code being one of these.
 */

/**
 * ClickHouse's error codes for a value or row the store cannot take: text that does not parse as the
 * column's type, a value out of its type's range, a constraint. Each depends on the rows sent, so a
 * batch without the offending rows goes in. Codes about the table itself (an unknown column or table: a
 * migration not applied) are left out on purpose: every row would be refused, and dead-lettering them
 * all would turn a deployment mistake into lost data.
 */
export const DATA_REFUSAL_CODES: ReadonlyMap<number, string> = new Map([
  [6, 'CANNOT_PARSE_TEXT'],
  [7, 'INCORRECT_NUMBER_OF_COLUMNS'],
  [25, 'CANNOT_PARSE_ESCAPE_SEQUENCE'],
  [26, 'CANNOT_PARSE_QUOTED_STRING'],
  [27, 'CANNOT_PARSE_INPUT_ASSERTION_FAILED'],
  [32, 'ATTEMPT_TO_READ_AFTER_EOF'],
  [33, 'CANNOT_READ_ALL_DATA'],
  [38, 'CANNOT_PARSE_DATE'],
  [41, 'CANNOT_PARSE_DATETIME'],
  [53, 'TYPE_MISMATCH'],
  [69, 'ARGUMENT_OUT_OF_BOUND'],
  [70, 'CANNOT_CONVERT_TYPE'],
  [72, 'CANNOT_PARSE_NUMBER'],
  [117, 'INCORRECT_DATA'],
  [128, 'TOO_LARGE_ARRAY_SIZE'],
  [130, 'CANNOT_READ_ARRAY_FROM_TEXT'],
  [131, 'TOO_LARGE_STRING_SIZE'],
  [190, 'SIZES_OF_ARRAYS_DONT_MATCH'],
  [321, 'VALUE_IS_OUT_OF_RANGE_OF_DATA_TYPE'],
  [349, 'CANNOT_INSERT_NULL_IN_ORDINARY_COLUMN'],
  [376, 'CANNOT_PARSE_UUID'],
  [395, 'FUNCTION_THROW_IF_VALUE_IS_NON_ZERO'],
  [407, 'DECIMAL_OVERFLOW'],
  [441, 'CANNOT_PARSE_DOMAIN_VALUE_FROM_STRING'],
  [467, 'CANNOT_PARSE_BOOL'],
  [469, 'VIOLATED_CONSTRAINT'],
  [563, 'CANNOT_READ_MAP_FROM_TEXT'],
  [632, 'UNEXPECTED_DATA_AFTER_PARSED_VALUE'],
  [691, 'UNKNOWN_ELEMENT_OF_ENUM'],
])

/** The store's refusal of data, as one line for a dead letter's reason. */
export interface StoreRefusal {
  readonly code: number
  readonly type: string
  /** `Code 41 CANNOT_PARSE_DATETIME: Cannot read DateTime: …` */
  readonly reason: string
}

/** Longest store message kept in a reason: ClickHouse may append a dump of the rows it was parsing. */
const MAX_MESSAGE_CHARS = 1000

/** The refusal an error reports, or null when it is not one (unavailability, or not the store's). */
export function storeRefusal(err: unknown): StoreRefusal | null {
  if (typeof err !== 'object' || err === null) return null
  const { code, type, message } = err as { code?: unknown; type?: unknown; message?: unknown }
  if (typeof code !== 'string' || !/^\d+$/.test(code) || typeof type !== 'string') return null
  const n = Number(code)
  if (!DATA_REFUSAL_CODES.has(n)) return null
  const text = typeof message === 'string' ? message.trim() : ''
  const cut = text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text
  return { code: n, type, reason: `Code ${n} ${type}: ${cut}` }
}
