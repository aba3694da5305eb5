import { TOP_100_COMPARE_DAYS } from '@ludex/schemas'
import { Anchor, Center, Loader, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { useExperienceLookup } from '../../api/experience-lookup.ts'
import { api } from '../../api/queries.ts'
import { NO_DATA } from '../../charts/index.ts'
import { ScrollTable } from '../../ui/ScrollTable.tsx'
import { formatGain, formatOldRank, formatRank } from './movement.ts'
import { OverviewCard } from './OverviewCard.tsx'
import classes from './overview.module.css'

interface MovementRow {
  readonly place_id: number
  readonly name: string
  readonly rank: number | null
  readonly gain: number | null
  readonly old_rank: number | null
}

const col = createColumnHelper<MovementRow>()
const columns = [
  col.accessor('name', {
    header: 'Name',
    cell: (c) => (
      <Anchor component={Link} to={`/experiences/${c.row.original.place_id}`} size="sm">
        {c.getValue()}
      </Anchor>
    ),
  }),
  col.accessor('rank', { header: 'Rank', cell: (c) => formatRank(c.getValue()) }),
  col.accessor('gain', {
    header: 'Gain',
    cell: (c) => {
      const g = c.getValue()
      return (
        <Text
          span
          size="sm"
          fw={500}
          className={g === null || g === 0 ? undefined : g > 0 ? classes.up : classes.down}
        >
          {formatGain(g)}
        </Text>
      )
    },
  }),
  col.accessor('old_rank', { header: 'Old Rank', cell: (c) => formatOldRank(c.getValue()) }),
]

/** Top 100 entries or exits: every row (not paged), names from the lookup of their ids. */
export function MovementTable({ type, title }: { type: 'top100entry' | 'top100exit'; title: string }) {
  const movement = useQuery(api.movement(type))
  const ids = useMemo(() => (movement.data ?? []).map((m) => m.place_id), [movement.data])
  const { byId } = useExperienceLookup(ids)
  const rows = useMemo<MovementRow[]>(
    () =>
      (movement.data ?? []).map((m) => ({
        ...m,
        name: byId.get(m.place_id)?.name ?? String(m.place_id),
      })),
    [movement.data, byId],
  )
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (r) => String(r.place_id),
  })

  let body: React.ReactNode
  if (movement.isPending)
    body = (
      <Center h={120}>
        <Loader aria-label={`Loading ${title}`} />
      </Center>
    )
  else if (rows.length === 0)
    body = (
      <Center h={120}>
        <Text c="dimmed">{NO_DATA}</Text>
      </Center>
    )
  else
    body = (
      <ScrollTable label={title}>
        <Table striped highlightOnHover>
          <Table.Thead>
            {table.getHeaderGroups().map((hg) => (
              <Table.Tr key={hg.id}>
                {hg.headers.map((h) => (
                  <Table.Th key={h.id} ta={h.column.id === 'name' ? 'left' : 'right'}>
                    {flexRender(h.column.columnDef.header, h.getContext())}
                  </Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((r) => (
              <Table.Tr key={r.id}>
                {r.getVisibleCells().map((c) => (
                  <Table.Td key={c.id} ta={c.column.id === 'name' ? 'left' : 'right'}>
                    {flexRender(c.column.columnDef.cell, c.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    )

  return (
    <OverviewCard title={title} description={`Compared with the ranks ${TOP_100_COMPARE_DAYS} days earlier`}>
      {body}
    </OverviewCard>
  )
}
