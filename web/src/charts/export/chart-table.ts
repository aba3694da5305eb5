import { type ExportCell, type ExportColumn, type ExportTable, TIME_UNIT } from '@ludex/schemas'
import type { Data, Layout } from 'plotly.js'

/** What a chart says about its export: the file name's parts and the columns' names and units. */
export interface ChartExport {
  /** The file name's parts (page, stat, range, granularity): `['Rainbow Hunters', 'ccu', 'month', 'day']`. */
  readonly name: readonly (string | number | undefined)[]
  /** The value column (the y axis), with its unit: `{ name: 'ccu', unit: 'players' }`. */
  readonly value?: ExportColumn
  /** The category column (the x axis of a chart that is not over time, e.g. a histogram's buckets). */
  readonly category?: ExportColumn
}

/**
 * The `meta` of a trace that only repeats points another trace holds (the dotted segment to the period
 * in progress repeats the line's last whole point and its points in progress): drawn, never exported.
 */
export const NOT_EXPORTED = { export: 'skip' } as const

const SERIES: ExportColumn = { name: 'series' }
const TIME: ExportColumn = { name: 'time', unit: TIME_UNIT }

/** The trace fields an export reads (Plotly's typings split them over trace kinds). */
interface TraceFields {
  readonly type?: string
  readonly name?: string
  readonly orientation?: string
  readonly x?: ArrayLike<unknown>
  readonly y?: ArrayLike<unknown>
  readonly base?: ArrayLike<unknown>
  readonly text?: ArrayLike<unknown> | string
  readonly labels?: ArrayLike<unknown>
  readonly values?: ArrayLike<unknown>
  readonly meta?: unknown
}

/** A drawn time (epoch ms, ISO text or Date) as ISO 8601 UTC; anything else as it is. */
function timeCell(value: unknown): ExportCell {
  const ms =
    typeof value === 'number'
      ? value
      : value instanceof Date
        ? value.getTime()
        : typeof value === 'string'
          ? Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`)
          : Number.NaN
  return Number.isFinite(ms) ? new Date(ms).toISOString() : cell(value)
}

function cell(value: unknown): ExportCell {
  if (value === null || value === undefined) return null
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value
  return String(value)
}

const at = (list: ArrayLike<unknown> | undefined, i: number): unknown => list?.[i]
const textAt = (text: TraceFields['text'], i: number): unknown =>
  typeof text === 'string' ? text : at(text, i)

function axisTitle(axis: unknown): string | undefined {
  const title = (axis as { title?: unknown } | undefined)?.title
  if (typeof title === 'string') return title || undefined
  const t = (title as { text?: unknown } | undefined)?.text
  return typeof t === 'string' && t ? t : undefined
}

/**
 * Exactly the data a chart draws, as a table: a row per drawn point of each trace (gaps, drawn as
 * breaks, are no row), named by its trace. Three shapes: pies (label, value), gantt bars (row, start,
 * end, label) and the rest (x, y: time in ISO 8601 UTC on a date axis).
 */
export function chartTable(
  data: readonly Data[],
  layout: Partial<Layout> | undefined,
  title: string,
  spec?: Pick<ChartExport, 'value' | 'category'>,
): ExportTable {
  const traces = (data as readonly TraceFields[]).filter(
    (t) => (t.meta as { export?: unknown } | undefined)?.export !== NOT_EXPORTED.export,
  )
  const value = spec?.value ?? { name: axisTitle(layout?.yaxis) ?? title }
  if (traces.some((t) => t.type === 'pie')) {
    return {
      columns: [SERIES, spec?.category ?? { name: 'label' }, value],
      rows: traces.flatMap((t) =>
        Array.from({ length: t.labels?.length ?? 0 }, (_, i) => [
          cell(t.name),
          cell(at(t.labels, i)),
          cell(at(t.values, i)),
        ]),
      ),
    }
  }
  if (traces.some((t) => t.orientation === 'h' && t.base)) {
    // A gantt bar's length is a duration from its base (gantt.ts): the end is base + length.
    return {
      columns: [
        SERIES,
        spec?.category ?? { name: 'row' },
        { name: 'start', unit: TIME_UNIT },
        { name: 'end', unit: TIME_UNIT },
        { name: 'label' },
      ],
      rows: traces.flatMap((t) =>
        Array.from({ length: t.y?.length ?? 0 }, (_, i) => {
          const start = timeCell(at(t.base, i))
          const length = Number(at(t.x, i))
          const end = typeof start === 'string' ? Date.parse(start) + length : Number.NaN
          return [
            cell(t.name),
            cell(at(t.y, i)),
            start,
            Number.isFinite(end) ? new Date(end).toISOString() : null,
            cell(textAt(t.text, i)),
          ]
        }),
      ),
    }
  }
  const dated = (layout?.xaxis as { type?: string } | undefined)?.type === 'date'
  const category = dated ? TIME : (spec?.category ?? { name: axisTitle(layout?.xaxis) ?? 'x' })
  return {
    columns: [SERIES, category, value],
    rows: traces.flatMap((t) =>
      Array.from({ length: t.x?.length ?? 0 }, (_, i) => i).flatMap((i) => {
        const y = at(t.y, i)
        if (y === null || y === undefined) return []
        const x = at(t.x, i)
        return [[cell(t.name), dated ? timeCell(x) : cell(x), cell(y)]]
      }),
    ),
  }
}
