/*
 * The one CSV writer of Ludex: the API's `format=csv` answers, the charts' 'Download CSV' and the badge
 * stats download all write through it, so a file taken from the UI and one taken from the API read alike.
 */

/** One cell: text, a number, a flag, or nothing (an empty field). */
export type ExportCell = string | number | boolean | null

/** A column: its name and the unit its values are in (written in the header as `name (unit)`). */
export interface ExportColumn {
  readonly name: string
  readonly unit?: string
}

/** The rows of an export, each as long as its columns, in the order they are written. */
export interface ExportTable {
  readonly columns: readonly ExportColumn[]
  readonly rows: readonly (readonly ExportCell[])[]
}

/** The unit every time column carries: times are ISO 8601 in UTC. */
export const TIME_UNIT = 'UTC'

/** The header text of a column: `ccu (players)`, `time (UTC)`, or the bare name without a unit. */
export function columnHeader(column: ExportColumn): string {
  return column.unit ? `${column.name} (${column.unit})` : column.name
}

/** An epoch-ms time as ISO 8601 in UTC (`2026-05-01T01:00:00.000Z`), as every export writes times. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString()
}

/**
 * One RFC 4180 field: quoted when it holds a quote, comma or line break. A text starting with a formula
 * character (= + - @, tab, CR) gets a leading apostrophe so a spreadsheet shows it instead of running it.
 */
export function csvField(value: ExportCell): string {
  if (value === null) return ''
  const text = String(value)
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** RFC 4180 CSV: a header line naming each column with its unit, then the rows; CRLF line ends. */
export function csvText(table: ExportTable): string {
  const lines = [table.columns.map((c) => csvField(columnHeader(c))).join(',')]
  for (const row of table.rows) lines.push(row.map(csvField).join(','))
  return `${lines.join('\r\n')}\r\n`
}

/**
 * Reads a CSV written by `csvText` back into rows of text (the header included): for tests and for
 * clients comparing a CSV with the JSON it came from. Quoted fields may hold commas, quotes and breaks.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += c
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}
