import { Center, Group, Loader, Pagination, Select, Table, Text, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react'
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type Header,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table'
import { useId, useMemo, useState } from 'react'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
import { ScrollTable } from '../ScrollTable.tsx'
import classes from './data-table.module.css'
import { PAGE_SIZES, usePageSize } from './page-size.ts'

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
 * A sortable, paged table's state: sorting, the page (back to the first when the rows change, e.g. a
 * new search, in the same render) and the page size remembered per table and user (part 1 §9).
 */
export function useDataTable<T>({ tableId, rows, columns, getRowId, initialSort }: DataTableOptions<T>) {
  const [pageSize, setPageSize] = usePageSize(tableId)
  const [sorting, setSorting] = useState<SortingState>(initialSort)
  const [pageIndex, setPageIndex] = useState(0)
  const data = useMemo(() => [...rows], [rows])

  // A new filter starts at the first page, in the same render (an effect would draw the old page first).
  const [pagedRows, setPagedRows] = useState(rows)
  if (pagedRows !== rows) {
    setPagedRows(rows)
    setPageIndex(0)
  }

  const table = useReactTable({
    data,
    columns,
    state: { sorting, pagination: { pageIndex, pageSize } },
    onSortingChange: setSorting,
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater({ pageIndex, pageSize }) : updater
      setPageIndex(next.pageIndex)
      if (next.pageSize !== pageSize) setPageSize(next.pageSize)
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
    getRowId,
  })
  return {
    table,
    pageIndex,
    setPageIndex,
    pageSize,
    setPageSize: (size: number) => {
      setPageSize(size)
      setPageIndex(0)
    },
  }
}

export type DataTableState<T> = ReturnType<typeof useDataTable<T>>

/** Mantine's breakpoint below which a phone's layout applies (the spec's 640 px). */
const PHONE = 'xs'
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
  const rowCount = table.getCoreRowModel().rows.length
  const captionId = useId()
  const cellProps = (columnId: string) => ({
    visibleFrom: phoneHidden.has(columnId) ? PHONE : undefined,
    className: columnClasses[columnId] ?? (wrapping.has(columnId) ? classes.wrapping : undefined),
    ta: numeric.has(columnId) ? ('right' as const) : ('left' as const),
  })
  return (
    <>
      <Text size="sm" c="dimmed" id={captionId} mb="xs">
        {caption}
      </Text>
      {/* The rows and the paging controls hydrate in tasks of their own (HydrationBoundary). */}
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
            <Table.Tbody>
              {pageRows.map((row) => (
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
            </Table.Tbody>
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
              <Select
                aria-labelledby={`${tableId}-page-size-label`}
                w={90}
                size="xs"
                allowDeselect={false}
                data={PAGE_SIZES.map(String)}
                value={String(pageSize)}
                onChange={(v) => {
                  if (v) setPageSize(Number(v))
                }}
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
