import { ranksByPlayersOnline } from '@ludex/schemas'
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { memo, type ReactNode, useDeferredValue, useMemo } from 'react'
import { idsOfKey } from '../../api/id-chunks.ts'
import { api } from '../../api/queries.ts'
import { useHeldUntilHydrated } from '../../app/hydration/HydrationBoundary.tsx'
import { prefetchMomentum, useMomentumByPlace } from '../../momentum/MomentumBadge.tsx'
import {
  type DataTableState,
  DataTableView,
  type TableState,
  useDataTable,
  useServerDataTable,
} from '../../ui/table/data-table.tsx'
import { loadedPageSize } from '../../ui/table/page-size.ts'
import { experienceColumns, IconHashes, type ListedExperience, type RankedExperience } from './columns.tsx'
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
/** The list's order until a header is clicked: by rank (players online, highest first). */
export const EXPERIENCES_INITIAL_SORT = [{ id: 'rank', desc: false }]
const rowId = (r: RankedExperience) => String(r.place_id)

/** A known set of experiences (a creator's, a genre's, a tag's) ranked among themselves by players online. */
export function withRanks(rows: readonly ListedExperience[]): RankedExperience[] {
  const ranks = ranksByPlayersOnline(rows)
  return rows.map((r) => ({ ...r, rank: ranks.get(r.place_id) ?? 0 }))
}

/**
 * Starts what an ExperiencesTable of these rows asks for in its first view: the rows' momentum and the
 * icons of its first page (by rank, at the table's page size as a loader knows it: a visitor's is the
 * default). A loader's, not awaited: a server render waits for them within its budget, so the table
 * arrives with its badges and icons and the browser asks for neither, nor checks their answers, while
 * the page hydrates.
 */
export function prefetchExperiencesTable(
  queryClient: QueryClient,
  tableId: string,
  rows: readonly RankedExperience[],
): void {
  const firstPage = rows
    .toSorted((a, b) => a.rank - b.rank)
    .slice(0, loadedPageSize(queryClient, tableId))
    .map((r) => r.place_id)
  prefetchTableCalls(
    queryClient,
    rows.map((r) => r.place_id),
    firstPage,
  )
}

/**
 * The same for a PagedExperiencesTable's first page as the server sent it (the experiences list's
 * loader): its rows' momentum and icons, in the rows' order, as the table asks for them.
 */
export function prefetchPagedExperiencesTable(
  queryClient: QueryClient,
  rows: readonly RankedExperience[],
): void {
  const ids = rows.map((r) => r.place_id)
  prefetchTableCalls(queryClient, ids, ids)
}

/** A table's first view: the momentum of its rows, the icons of its first page. */
function prefetchTableCalls(
  queryClient: QueryClient,
  rowIds: readonly number[],
  pageIds: readonly number[],
): void {
  prefetchMomentum(queryClient, rowIds)
  if (pageIds.length > 0) void queryClient.prefetchQuery(api.thumbnails(pageIds, 'Icon'))
}

/** The rows with their momentum laid over once its calls answer (the rows never wait for it). */
function useWithMomentum(rows: readonly RankedExperience[]): readonly RankedExperience[] {
  const ids = useMemo(() => rows.map((r) => r.place_id), [rows])
  const momentum = useMomentumByPlace(ids)
  return useMemo(
    () => (momentum.size === 0 ? rows : rows.map((r) => ({ ...r, momentum: momentum.get(r.place_id) }))),
    [rows, momentum],
  )
}

/**
 * The experiences table of a known set of rows (a creator's, a genre's, a tag's): sortable columns,
 * paging with a remembered page size, icons per page. Memoised: a keystroke in the page's search box
 * re-renders the box, not the table, until the filter settles.
 */
export const ExperiencesTable = memo(function ExperiencesTable({
  tableId,
  rows,
  loading,
  caption,
  columns = experienceColumns,
}: ExperiencesTableProps) {
  const state = useDataTable({
    tableId,
    rows: useWithMomentum(rows),
    columns,
    getRowId: rowId,
    initialSort: EXPERIENCES_INITIAL_SORT,
  })
  return <ExperiencesTableView state={state} tableId={tableId} loading={loading} caption={caption} />
})

export interface PagedExperiencesTableProps {
  readonly tableId: string
  /** The view state the page was asked with (sort, page, page size). */
  readonly state: TableState
  /** The page's rows, in the server's order. */
  readonly rows: readonly RankedExperience[]
  /** The rows over every page. */
  readonly rowCount: number
  readonly loading: boolean
  readonly caption: string
}

/**
 * The experiences list's table served a page at a time (GET /api/place/list, issue 19 point 4): the
 * same columns, headers and paging as ExperiencesTable, each change of sort or page asked of the server.
 */
export const PagedExperiencesTable = memo(function PagedExperiencesTable({
  tableId,
  state,
  rows,
  rowCount,
  loading,
  caption,
}: PagedExperiencesTableProps) {
  const table = useServerDataTable({
    state,
    rows: useWithMomentum(rows),
    rowCount,
    columns: experienceColumns,
    getRowId: rowId,
  })
  return <ExperiencesTableView state={table} tableId={tableId} loading={loading} caption={caption} />
})

/** The table drawn, with the icons of its visible page. */
function ExperiencesTableView({
  state,
  tableId,
  loading,
  caption,
}: {
  state: DataTableState<RankedExperience>
  tableId: string
  loading: boolean
  caption: string
}) {
  const pageIds = state.table.getRowModel().rows.map((r) => r.original.place_id)
  return (
    <PageIcons placeIds={pageIds}>
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
    </PageIcons>
  )
}

/**
 * The icons of the page's rows, handed to the rows' icons through IconHashes. Its own component, with
 * the table as its children: when the icons answer (as the page becomes ready) it draws again with the
 * children it was given, so React redraws the icons that read the context and leaves the table alone
 * (drawn again whole, the table was a phone task of some 150 ms). Held while the page hydrates (icons
 * landing meanwhile would differ from the server's markup), then deferred: drawn as a transition.
 */
function PageIcons({ placeIds, children }: { placeIds: readonly number[]; children: ReactNode }) {
  // By value: the table hands a new array of the same ids on every render.
  const key = placeIds.join(',')
  const ids = useMemo(() => idsOfKey(key), [key])
  const icons = useQuery(api.thumbnails(ids, 'Icon'))
  const iconMap = useMemo(() => {
    const m = new Map<number, string>()
    for (const t of icons.data ?? []) m.set(t.place_id, t.hash)
    // Ids the service did not answer for have no image: show the default one rather than a spinner.
    if (icons.isFetched) for (const id of ids) if (!m.has(id)) m.set(id, 'default')
    return m
  }, [icons.data, icons.isFetched, ids])
  return <IconHashes value={useHeldUntilHydrated(useDeferredValue(iconMap))}>{children}</IconHashes>
}
