import { CREATOR_SEARCH_MIN_CHARS, LIST_SEARCH_DEBOUNCE_MS } from '@ludex/schemas'
import { Paper, Stack, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { api } from '../../api/queries.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { DataTableView, useDataTable } from '../../ui/table/data-table.tsx'
import { AllCreators, creatorColumns } from './columns.tsx'
import { filterCreators, searchApplies } from './search.ts'

export const CREATORS_TABLE_ID = 'creators'
const NUMERIC = new Set(['experiences'])

/** The creators list (part 2 §2.6): a search from 3 characters and a table, most experiences first. */
export function CreatorsPage() {
  usePageMeta({
    title: 'Creators',
    description:
      'Every creator of tracked Roblox experiences: users and groups, verified or not, by number of experiences.',
  })
  const [text, setText] = useState('')
  const [debounced] = useDebouncedValue(text, LIST_SEARCH_DEBOUNCE_MS)
  const list = useQuery(api.creators())
  const all = list.data ?? []
  const rows = useMemo(() => filterCreators(list.data ?? [], debounced), [list.data, debounced])
  const state = useDataTable({
    tableId: CREATORS_TABLE_ID,
    rows,
    columns: creatorColumns,
    getRowId: (c) => `${c.type}:${c.id}`,
    initialSort: [{ id: 'experiences', desc: true }],
  })
  const searching = searchApplies(debounced)

  return (
    <Stack gap="md">
      <Title order={1}>Creators</Title>
      <Paper withBorder p="md" radius="md">
        <TextInput
          mb="sm"
          maw={420}
          label="Search creators"
          description={`Name or id, from ${CREATOR_SEARCH_MIN_CHARS} characters`}
          placeholder="Creator name or id"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          type="search"
        />
        <AllCreators value={all}>
          <DataTableView
            state={state}
            tableId={CREATORS_TABLE_ID}
            loading={list.isPending}
            caption={
              list.isPending
                ? 'Loading creators'
                : searching
                  ? `${rows.length.toLocaleString('en-US')} of ${all.length.toLocaleString('en-US')} creators match “${debounced.trim()}”`
                  : `${all.length.toLocaleString('en-US')} creators of tracked experiences`
            }
            numeric={NUMERIC}
            loadingLabel="Loading creators"
            minWidth={560}
          />
        </AllCreators>
      </Paper>
    </Stack>
  )
}
