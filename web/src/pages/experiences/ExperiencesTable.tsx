import { Center, Group, Loader, Pagination, Select, Table, Text, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table'
import { memo, useId, useMemo, useState } from 'react'
import { api } from '../../api/queries.ts'
import { ScrollTable } from '../../ui/ScrollTable.tsx'
import { experienceColumns, IconHashes, type RankedExperience } from './columns.tsx'
import classes from './ExperiencesTable.module.css'
import { PAGE_SIZES, usePageSize } from './page-size.ts'

export interface ExperiencesTableProps {
  /** Identifies the table for its remembered page size. */
  readonly tableId: string
  readonly rows: readonly RankedExperience[]
  readonly loading: boolean
  readonly caption: string
}

const NUMERIC = new Set(['rank', 'players_online', 'total_visits', 'like_percentage'])
/** Shown inside the name cell on phones instead (columns.tsx). */
const PHONE_HIDDEN = new Set(['rank'])
/** Mantine's breakpoint below which a phone's layout applies (the spec's 640 px). */
const PHONE = 'xs'

/**
 * The experiences table: sortable columns, paging with a remembered page size, icons per page. Memoised:
 * a keystroke in the page's search box re-renders the box, not the table, until the filter settles.
 */
export const ExperiencesTable = memo(function ExperiencesTable({
  tableId,
  rows,
  loading,
  caption,
}: ExperiencesTableProps) {
  const [pageSize, setPageSize] = usePageSize(tableId)
  const [sorting, setSorting] = useState<SortingState>([{ id: 'rank', desc: false }])
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
    columns: experienceColumns,
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
    getRowId: (r) => String(r.place_id),
  })

  const pageRows = table.getRowModel().rows
  const pageIds = pageRows.map((r) => r.original.place_id)
  const icons = useQuery(api.thumbnails(pageIds, 'Icon'))
  const iconMap = useMemo(() => {
    const m = new Map<number, string>()
    for (const t of icons.data ?? []) m.set(t.place_id, t.hash)
    // Ids the service did not answer for have no image: show the default one rather than a spinner.
    if (icons.isFetched) for (const id of pageIds) if (!m.has(id)) m.set(id, 'default')
    return m
  }, [icons.data, icons.isFetched, pageIds])

  const pageCount = table.getPageCount()
  const captionId = useId()
  // Phones: the rank column gives way (its value is in the name cell) and the name gets a narrower column.
  const cellProps = (columnId: string) => ({
    visibleFrom: PHONE_HIDDEN.has(columnId) ? PHONE : undefined,
    className: columnId === 'name' ? classes.name : undefined,
  })

  return (
    <IconHashes value={iconMap}>
      {/* The caption stays outside what scrolls, so a phone shows it whole; it still names the table. */}
      <Text size="sm" c="dimmed" id={captionId} mb="xs">
        {caption}
      </Text>
      <ScrollTable label="Experiences" widerThanPhones>
        <Table striped highlightOnHover verticalSpacing="xs" aria-busy={loading} aria-labelledby={captionId}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted()
                  const label = flexRender(header.column.columnDef.header, header.getContext())
                  const numeric = NUMERIC.has(header.column.id)
                  return (
                    <Table.Th
                      key={header.id}
                      {...cellProps(header.column.id)}
                      ta={numeric ? 'right' : 'left'}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
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
                      ) : (
                        label
                      )}
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
                    ta={NUMERIC.has(cell.column.id) ? 'right' : 'left'}
                    style={NUMERIC.has(cell.column.id) ? { fontVariantNumeric: 'tabular-nums' } : undefined}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {loading && (
        <Center py="xl">
          <Loader aria-label="Loading experiences" />
        </Center>
      )}
      {!loading && rows.length === 0 && (
        <Center py="xl">
          <Text c="dimmed">No Data</Text>
        </Center>
      )}
      {rows.length > 0 && (
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
                if (v) {
                  setPageSize(Number(v))
                  setPageIndex(0)
                }
              }}
            />
          </Group>
          <Pagination
            total={pageCount}
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
    </IconHashes>
  )
})
