/**
 * One helper per ClickHouse parameter type, from epoch milliseconds. Instants travel as epoch numbers:
 * a text form such as 'YYYY-MM-DD hh:mm:ss' is read in the type's zone, which is the server's (or
 * the session's) zone unless the placeholder names one, so the same text means different instants on
 * differently configured servers. An epoch number means one instant everywhere (params.test.ts runs
 * every helper under non-UTC session zones). Instants from the epoch on (DateTime is unsigned).
 */

/**
 * Epoch seconds as ClickHouse reads them in a DateTime parameter: zero-padded to ten digits, since a
 * run of fewer than five digits is not taken for a timestamp (it is refused; '2000' could be a year).
 */
function epochSecondsText(seconds: number): string {
  return String(seconds).padStart(10, '0')
}

/** Epoch ms → a `{name:DateTime}` / `{name:DateTime('UTC')}` parameter: whole epoch seconds (floored). */
export function dateTimeParam(ms: number): string {
  return epochSecondsText(Math.floor(ms / 1000))
}

/** Epoch ms → a `{name:DateTime64(3)}` parameter: epoch seconds with three decimals ('1700000000.123'). */
export function dateTime64Param(ms: number): string {
  const whole = Math.round(ms)
  const seconds = Math.floor(whole / 1000)
  const millis = whole - seconds * 1000
  return `${epochSecondsText(seconds)}.${String(millis).padStart(3, '0')}`
}

/** Epoch ms → a `{name:Date}` parameter: the UTC calendar date, 'YYYY-MM-DD' (a date has no zone). */
export function dateParam(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** A DateTime or DateTime64 value read as text ('YYYY-MM-DD hh:mm:ss[.fff]', of a UTC column) → ISO 8601. */
export function isoFromClickHouse(value: string): string {
  return `${value.replace(' ', 'T')}${value.includes('.') ? '' : '.000'}Z`
}
