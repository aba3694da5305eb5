import { type ExportFormat, exportFileName } from '@ludex/schemas'
import type { Context } from 'koa'
import { declaredKeys } from '../validate.ts'

export const CSV_TYPE = 'text/csv'
const JSON_TYPE = 'application/json'

/**
 * Whether the answer is the CSV: `format` decides when given; otherwise the Accept header, JSON
 * winning every tie (`*\/*`, both listed alike, or neither type), so clients that said nothing keep JSON.
 */
export function wantsCsv(ctx: Context, format: ExportFormat | undefined): boolean {
  if (format !== undefined) return format === 'csv'
  return ctx.accepts(JSON_TYPE, CSV_TYPE) === CSV_TYPE
}

/** Parameters that do not change the data, left out of the file name. */
const NOT_IN_NAME = new Set(['format', 'reset-cache'])

/** A parsed parameter as a file name part: times (epoch ms after parsing) as ISO UTC to the minute. */
function namePart(key: string, value: unknown): string | undefined {
  if (value === undefined || value === false) return undefined
  if (value === true) return key
  if (Array.isArray(value)) return value.join('_')
  if (typeof value === 'number' && /Time$/.test(key)) {
    return `${key === 'endTime' ? 'to ' : 'from '}${new Date(value).toISOString().slice(0, 16).replace(':', '')}Z`
  }
  return String(value)
}

/**
 * The file name of a call's CSV, from the call and its range: `/api/stats/{kind}` with kind=ccus,
 * placeIds=1,2, granularity=day and a startTime gives `stats-ccus-1_2-day-from 2026-05-01T0100Z.csv`.
 */
export function csvFileName(
  path: string,
  params: Readonly<Record<string, unknown>>,
  query: unknown,
  querySchema: unknown,
): string {
  const callParts = path
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => segment.replace(/^\{(\w+)\}$/, (_m, name: string) => String(params[name] ?? name)))
  const values = (query ?? {}) as Record<string, unknown>
  const queryParts = [...declaredKeys(querySchema as Parameters<typeof declaredKeys>[0])]
    .filter((key) => !NOT_IN_NAME.has(key))
    .map((key) => namePart(key, values[key]))
  return exportFileName([...callParts, ...queryParts], 'csv')
}

/** Content-Disposition of an export: the name in ASCII (anything else as '-'), quoted. */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\w.+\- ]/g, '-')}"`
}
