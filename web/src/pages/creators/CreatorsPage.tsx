import { CREATOR_SEARCH_MIN_CHARS, type Creator } from '@ludex/schemas'
import { Paper, Stack, TextInput, Title } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { memo, useMemo } from 'react'
import { api } from '../../api/queries.ts'
import { useHeldUntilHydrated } from '../../app/hydration/HydrationBoundary.tsx'
import { useSettledText } from '../../search/settled-text.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { DataTableView, useDataTable } from '../../ui/table/data-table.tsx'
import { AllCreators, creatorColumns } from './columns.tsx'
import { filterCreators, searchApplies } from './search.ts'

export const CREATORS_TABLE_ID = 'creators'
const NUMERIC = new Set(['experiences'])
/** Phones: the name and the number of experiences in view; the avatar gives way, the rest scrolls. */
const PHONE_HIDDEN = new Set(['avatar'])
const WRAPPING = new Set(['name'])
const NONE: readonly Creator[] = []

/** The creators list (part 2 §2.6): a search from 3 characters and a table, most experiences first. */
export function CreatorsPage() {
  usePageMeta({
    title: 'Creators',
    description:
      'Every creator of tracked Roblox experiences: users and groups, verified or not, by number of experiences.',
  })
  // The list is filtered 300 ms after the box's last keystroke (part 1 §5).
  const search = useSettledText('')
  const debounced = search.settled
  const list = useQuery(api.creators())
  const all = list.data ?? NONE
  const rows = useMemo(() => filterCreators(all, debounced), [all, debounced])
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
          value={search.text}
          onChange={(e) => search.type(e.currentTarget.value)}
          type="search"
        />
        <CreatorsTable
          all={all}
          rows={rows}
          loading={list.isPending}
          caption={
            list.isPending
              ? 'Loading creators'
              : searching
                ? `${rows.length.toLocaleString('en-US')} of ${all.length.toLocaleString('en-US')} creators match “${debounced.trim()}”`
                : `${all.length.toLocaleString('en-US')} creators of tracked experiences`
          }
        />
      </Paper>
    </Stack>
  )
}

/** The creators table. Memoised: a keystroke in the search box redraws the box, not the table. */
const CreatorsTable = memo(function CreatorsTable({
  all,
  rows,
  loading,
  caption,
}: {
  readonly all: readonly Creator[]
  readonly rows: readonly Creator[]
  readonly loading: boolean
  readonly caption: string
}) {
  const state = useDataTable({
    tableId: CREATORS_TABLE_ID,
    rows,
    columns: creatorColumns,
    getRowId: (c) => `${c.type}:${c.id}`,
    initialSort: [{ id: 'experiences', desc: true }],
  })
  return (
    <AllCreators value={useHeldUntilHydrated(all)}>
      <DataTableView
        state={state}
        tableId={CREATORS_TABLE_ID}
        loading={loading}
        caption={caption}
        label="Creators"
        numeric={NUMERIC}
        loadingLabel="Loading creators"
        phoneHidden={PHONE_HIDDEN}
        wrapping={WRAPPING}
        widerThanPhones
      />
    </AllCreators>
  )
})
