import { EXPORT_FORMATS } from '@ludex/schemas'
import { z } from 'zod'

/** The `format` query parameter every CSV-capable call takes (unknown values: a 400 naming `format`). */
export const exportFormatParam = z
  .enum(EXPORT_FORMATS, { message: "must be 'json' or 'csv'" })
  .optional()
  .describe(
    'csv: the answer as a CSV attachment (the same rows as the JSON, times in ISO 8601 UTC, a header ' +
      'row naming each column with its unit); json (the default): the JSON answer. Without it, ' +
      '`Accept: text/csv` asks for the CSV.',
  )

/** A call's query schema with `format` added (a call without query parameters gets only `format`). */
export function withExportFormat(query: z.ZodType | undefined): z.ZodType {
  if (query === undefined) return z.object({ format: exportFormatParam })
  if (!(query instanceof z.ZodObject)) throw new Error('A CSV-capable call needs a z.object query')
  return query.extend({ format: exportFormatParam })
}
