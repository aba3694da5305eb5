import { useQuery } from '@tanstack/react-query'
import { memo, useMemo } from 'react'
import { api } from '../../api/queries.ts'
import { useMomentumByPlace } from '../../momentum/MomentumBadge.tsx'
import { DataTableView, useDataTable } from '../../ui/table/data-table.tsx'
import { experienceColumns, IconHashes, type RankedExperience } from './columns.tsx'
import classes from './ExperiencesTable.module.css'

export interface ExperiencesTableProps {
  /** Identifies the table for its remembered page size. */
  readonly tableId: string
  readonly rows: readonly RankedExperience[]
  readonly loading: boolean
  readonly caption: string
  /** Columns other than the list's (a tag's list adds its remove action); default experienceColumns. */
  readonly columns?: typeof experienceColumns
}

const NUMERIC = new Set(['rank', 'players_online', 'total_visits', 'like_percentage'])
/** Shown inside the name cell on phones instead (columns.tsx). */
const PHONE_HIDDEN = new Set(['rank'])
/** The name wraps, and on phones takes what players online and like % leave of the visible width. */
const COLUMN_CLASSES = { name: classes.name }

/**
 * The experiences table: sortable columns, paging with a remembered page size, icons per page. Memoised:
 * a keystroke in the page's search box re-renders the box, not the table, until the filter settles.
 */
export const ExperiencesTable = memo(function ExperiencesTable({
  tableId,
  rows,
  loading,
  caption,
  columns = experienceColumns,
}: ExperiencesTableProps) {
  const momentum = useMomentumByPlace()
  // The momentum column's values, laid over the rows once the call answers (the list never waits for it).
  const withMomentum = useMemo(
    () => (momentum.size === 0 ? rows : rows.map((r) => ({ ...r, momentum: momentum.get(r.place_id) }))),
    [rows, momentum],
  )
  const state = useDataTable({
    tableId,
    rows: withMomentum,
    columns,
    getRowId: (r) => String(r.place_id),
    initialSort: [{ id: 'rank', desc: false }],
  })

  const pageIds = state.table.getRowModel().rows.map((r) => r.original.place_id)
  const icons = useQuery(api.thumbnails(pageIds, 'Icon'))
  const iconMap = useMemo(() => {
    const m = new Map<number, string>()
    for (const t of icons.data ?? []) m.set(t.place_id, t.hash)
    // Ids the service did not answer for have no image: show the default one rather than a spinner.
    if (icons.isFetched) for (const id of pageIds) if (!m.has(id)) m.set(id, 'default')
    return m
  }, [icons.data, icons.isFetched, pageIds])

  return (
    <IconHashes value={iconMap}>
      <DataTableView
        state={state}
        tableId={tableId}
        loading={loading}
        caption={caption}
        label="Experiences"
        numeric={NUMERIC}
        loadingLabel="Loading experiences"
        phoneHidden={PHONE_HIDDEN}
        columnClasses={COLUMN_CLASSES}
        widerThanPhones
      />
    </IconHashes>
  )
})
