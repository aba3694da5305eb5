import { PAGE_SIZES } from '@ludex/schemas'
import { Center, Group, Loader, NativeSelect, Pagination, Table, Text, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react'
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type Header,
  type PaginationState,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table'
import { useId, useMemo, useRef, useState } from 'react'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
import { ScrollTable } from '../ScrollTable.tsx'
import classes from './data-table.module.css'
import { usePageSize } from './page-size.ts'

export interface DataTableOptions<T> {
  /** Identifies the table for its remembered page size. */
  readonly tableId: string
  readonly rows: readonly T[]
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column list mixes value types per column
  readonly columns: ColumnDef<T, any>[]
  readonly getRowId: (row: T) => string
  readonly initialSort: SortingState
}

/**
 * What a table's view state is: its sorting, its page and its page size remembered per table and user
 * (part 1 §9). A list served a page at a time (`useServerDataTable`) reads it to ask for its rows.
 */
export function useTableState(tableId: string, initialSort: SortingState) {
  const [pageSize, setStoredPageSize] = usePageSize(tableId)
  const [sorting, setSorting] = useState<SortingState>(initialSort)
  const [pageIndex, setPageIndex] = useState(0)
  // One object while nothing in it changes: a memoised table given it redraws only on a change.
  return useMemo(
    () => ({
      sorting,
      setSorting,
      pageIndex,
      setPageIndex,
      pageSize,
      setPageSize: (size: number) => {
        setStoredPageSize(size)
        setPageIndex(0)
      },
    }),
    [sorting, pageIndex, pageSize, setStoredPageSize],
  )
}

export type TableState = ReturnType<typeof useTableState>

/** The TanStack options both kinds of table share: the state, and changes written back to it. */
function stateOptions(state: TableState) {
  const { sorting, setSorting, pageIndex, setPageIndex, pageSize, setPageSize } = state
  return {
    state: { sorting, pagination: { pageIndex, pageSize } },
    onSortingChange: setSorting,
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === 'function' ? updater({ pageIndex, pageSize }) : updater
      if (next.pageSize !== pageSize) setPageSize(next.pageSize)
      else setPageIndex(next.pageIndex)
    },
    autoResetPageIndex: false,
  }
}

/**
 * A sortable, paged table's state: sorting, the page (back to the first when the rows change, e.g. a
 * new search, in the same render) and the page size remembered per table and user (part 1 §9).
 */
export function useDataTable<T>({ tableId, rows, columns, getRowId, initialSort }: DataTableOptions<T>) {
  const state = useTableState(tableId, initialSort)
  const data = useMemo(() => [...rows], [rows])

  // A new filter starts at the first page, in the same render (an effect would draw the old page first).
  const [pagedRows, setPagedRows] = useState(rows)
  if (pagedRows !== rows) {
    setPagedRows(rows)
    state.setPageIndex(0)
  }

  const table = useReactTable({
    data,
    columns,
    ...stateOptions(state),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    getRowId,
  })
  return { ...state, table }
}

export interface ServerDataTableOptions<T> {
  /** The view state the rows were asked with (useTableState). */
  readonly state: TableState
  /** The page's rows, as the server sorted them. */
  readonly rows: readonly T[]
  /** The rows over every page. */
  readonly rowCount: number
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column list mixes value types per column
  readonly columns: ColumnDef<T, any>[]
  readonly getRowId: (row: T) => string
}

/**
 * A table whose rows the server sorts and pages (the experiences list at any number of experiences):
 * the same headers, paging controls and remembered page size as `useDataTable`, drawn by
 * `DataTableView`; sorting or paging changes the state, which the caller asks the server with.
 */
export function useServerDataTable<T>({
  state,
  rows,
  rowCount,
  columns,
  getRowId,
}: ServerDataTableOptions<T>) {
  const data = useMemo(() => [...rows], [rows])
  const table = useReactTable({
    data,
    columns,
    ...stateOptions(state),
    manualSorting: true,
    manualPagination: true,
    rowCount,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
  })
  return { ...state, table }
}

export type DataTableState<T> = ReturnType<typeof useDataTable<T>>

/** Mantine's breakpoint below which a phone's layout applies (the spec's 640 px). */
const PHONE = 'xs'

/**
 * Rows a part of the table's body holds. Each part hydrates in a task of its own (HydrationBoundary):
 * a row of the experiences list (icon, name, badges, links, its menu) is some 3 ms of a desktop core
 * and four times that on a phone, so a page of 20 rows in one task was a phone task of some 230 ms.
 */
export const ROWS_PER_HYDRATION_PART = 4

/**
 * `rows`, or the array given last time when it holds the same rows: TanStack Table hands a new array
 * of the same row objects whenever its state is given again, and the rows' own objects change only
 * with the data, its order or the page.
 */
function useSameRows<R>(rows: readonly R[]): readonly R[] {
  const last = useRef(rows)
  const same = last.current.length === rows.length && rows.every((row, i) => row === last.current[i])
  if (!same) last.current = rows
  return last.current
}

/** The page's rows in the parts that hydrate one at a time. */
export function rowParts<R>(rows: readonly R[]): R[][] {
  const parts: R[][] = []
  for (let i = 0; i < rows.length; i += ROWS_PER_HYDRATION_PART)
    parts.push(rows.slice(i, i + ROWS_PER_HYDRATION_PART))
  return parts
}
const NO_COLUMNS: ReadonlySet<string> = new Set()
const NO_CLASSES: Readonly<Record<string, string | undefined>> = {}

export interface DataTableViewProps<T> {
  readonly state: DataTableState<T>
  readonly tableId: string
  readonly loading: boolean
  /** Above the table, outside what scrolls (a phone shows it whole); it names the table. */
  readonly caption: string
  /** The scroll region's name while the table scrolls ('Experiences'). */
  readonly label: string
  /** Column ids whose cells are numbers: right-aligned, tabular figures. */
  readonly numeric: ReadonlySet<string>
  /** What the loader is called for screen readers ('Loading experiences'). */
  readonly loadingLabel: string
  /** Column ids hidden below 640 px (their value shown elsewhere in the row, e.g. the rank in the name). */
  readonly phoneHidden?: ReadonlySet<string>
  /** Column ids whose text wraps (names) rather than widen the table: the columns after come into view. */
  readonly wrapping?: ReadonlySet<string>
  /** A class per column id for its header and cells (a layout of its own, e.g. the experiences' name). */
  readonly columnClasses?: Readonly<Record<string, string | undefined>>
  /** The table's minimum width; without it the columns take what their content needs. */
  readonly minWidth?: number
  /** The table is wider than a phone (ScrollTable keeps its hint's row from the first paint). */
  readonly widerThanPhones?: boolean
  /** What an empty table says (default 'No Data'; the tags table says 'No tags'). */
  readonly emptyText?: string
}

function SortHeader<T>({ header }: { header: Header<T, unknown> }) {
  const sorted = header.column.getIsSorted()
  const label = flexRender(header.column.columnDef.header, header.getContext())
  if (!header.column.getCanSort()) return <>{label}</>
  return (
    <UnstyledButton
      onClick={header.column.getToggleSortingHandler()}
      fw={600}
      fz="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      {label}
      {sorted === 'asc' ? (
        <IconArrowUp size={14} aria-hidden />
      ) : sorted === 'desc' ? (
        <IconArrowDown size={14} aria-hidden />
      ) : (
        <IconArrowsSort size={14} aria-hidden opacity={0.4} />
      )}
    </UnstyledButton>
  )
}

/**
 * The table of a `useDataTable` state: sortable headers, the page's rows, 'No Data', paging controls. It
 * scrolls sideways in a ScrollTable where it does not fit (a phone), its first columns in view; the
 * columns a phone can spare give way below 640 px.
 */
export function DataTableView<T>({
  state,
  tableId,
  loading,
  caption,
  label,
  numeric,
  loadingLabel,
  phoneHidden = NO_COLUMNS,
  wrapping = NO_COLUMNS,
  columnClasses = NO_CLASSES,
  minWidth,
  widerThanPhones = false,
  emptyText = 'No Data',
}: DataTableViewProps<T>) {
  const { table, pageIndex, setPageIndex, pageSize, setPageSize } = state
  const pageRows = table.getRowModel().rows
  const rowCount = table.getRowCount()
  const captionId = useId()
  const cellProps = (columnId: string) => ({
    visibleFrom: phoneHidden.has(columnId) ? PHONE : undefined,
    className: columnClasses[columnId] ?? (wrapping.has(columnId) ? classes.wrapping : undefined),
    ta: numeric.has(columnId) ? ('right' as const) : ('left' as const),
  })
  // The rows are drawn again only when they change: the table's owner draws again on every change of
  // the calls it subscribes to (a query's state is a store: each change is a synchronous render), and
  // the rows (each with its links, badges and menu) were most of such a render.
  const rows = useSameRows(pageRows)
  // New column definitions (a cell that draws the owner's state) draw the rows again too.
  const columns = table.getVisibleLeafColumns()
  // biome-ignore lint/correctness/useExhaustiveDependencies: cellProps is made of the listed options
  const body = useMemo(
    () =>
      rowParts(rows).map((part, i) => (
        // By position: a new page or order keeps the parts and moves the rows.
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are places in the table, not rows
        <HydrationBoundary key={i}>
          {part.map((row) => (
            <Table.Tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <Table.Td
                  key={cell.id}
                  {...cellProps(cell.column.id)}
                  style={numeric.has(cell.column.id) ? { fontVariantNumeric: 'tabular-nums' } : undefined}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </HydrationBoundary>
      )),
    [rows, columns, numeric, phoneHidden, wrapping, columnClasses],
  )
  return (
    <>
      <Text size="sm" c="dimmed" id={captionId} mb="xs">
        {caption}
      </Text>
      {/* The table, its rows a few at a time, and the paging controls hydrate in tasks of their own. */}
      <HydrationBoundary>
        <ScrollTable label={label} minWidth={minWidth} widerThanPhones={widerThanPhones}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="xs"
            aria-busy={loading}
            aria-labelledby={captionId}
          >
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted()
                    return (
                      <Table.Th
                        key={header.id}
                        {...cellProps(header.column.id)}
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                        }
                      >
                        <SortHeader header={header} />
                      </Table.Th>
                    )
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </ScrollTable>
      </HydrationBoundary>
      {loading && (
        <Center py="xl">
          <Loader aria-label={loadingLabel} />
        </Center>
      )}
      {!loading && rowCount === 0 && (
        <Center py="xl">
          <Text c="dimmed">{emptyText}</Text>
        </Center>
      )}
      <HydrationBoundary>
        {rowCount > 0 && (
          <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
            <Group gap="xs">
              <Text size="sm" id={`${tableId}-page-size-label`}>
                Rows per page
              </Text>
              {/* The browser's own select: a phone shows its native picker, and the page carries no
                  positioned dropdown (a Mantine Select keeps one mounted and places it at every load). */}
              <NativeSelect
                aria-labelledby={`${tableId}-page-size-label`}
                w={90}
                size="xs"
                data={PAGE_SIZES.map(String)}
                value={String(pageSize)}
                onChange={(event) => setPageSize(Number(event.currentTarget.value))}
              />
            </Group>
            <Pagination
              total={table.getPageCount()}
              value={pageIndex + 1}
              onChange={(p) => setPageIndex(p - 1)}
              size="sm"
              siblings={1}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
              })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          </Group>
        )}
      </HydrationBoundary>
    </>
  )
}
