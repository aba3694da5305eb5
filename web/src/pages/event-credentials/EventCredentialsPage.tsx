import { LIST_SEARCH_DEBOUNCE_MS } from '@ludex/schemas'
import { Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Navigate } from 'react-router'
import { useExperienceLookup } from '../../api/experience-lookup.ts'
import { api } from '../../api/queries.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { hasPermission, useViewer } from '../../shell/viewer.ts'
import { CreateCredentialForm } from './CreateCredentialForm.tsx'
import { CredentialCard } from './CredentialCard.tsx'
import { placeSummary, totalsPerDay } from './event-stats.ts'
import { Readme } from './Readme.tsx'
import { filterCredentials } from './rules.ts'
import { TotalEventsChart } from './TotalEventsChart.tsx'

export const EVENT_CREDENTIALS_TITLE = 'Event Credentials'

/**
 * /event-credentials (part 2 §2.10, permission EDIT_GAME_CREDENTIALS): a create form, a collapsible
 * Readme, a Total Events chart, a search box and a card per credential. A user who loses the permission
 * (a simulated role) is sent to /.
 */
export function EventCredentialsPage() {
  usePageMeta({ title: EVENT_CREDENTIALS_TITLE, noIndex: true })
  const viewer = useViewer()
  const allowed = hasPermission(viewer, 'EDIT_GAME_CREDENTIALS')
  const credentials = useQuery({ ...api.gameCredentials(), enabled: allowed })
  const stats = useQuery({ ...api.eventStats(), enabled: allowed })
  const [search, setSearch] = useState('')
  const [query] = useDebouncedValue(search, LIST_SEARCH_DEBOUNCE_MS)

  const list = credentials.data ?? []
  // The names of the credentials' experiences (their lookup), which the search matches too.
  const experiences = useExperienceLookup(list.map((c) => c.place_id)).byId
  const names = useMemo(
    () => new Map([...experiences.values()].map((e) => [e.place_id, e.canonical_name || e.name] as const)),
    [experiences],
  )
  const shown = useMemo(() => filterCredentials(list, query, names), [list, query, names])
  const rows = stats.data?.body ?? []
  const partialFrom = stats.data?.partialFrom ?? null
  const points = useMemo(() => totalsPerDay(rows, new Set(shown.map((c) => c.place_id))), [rows, shown])
  if (!allowed) return <Navigate to="/" replace />
  const nowMs = Date.now()

  return (
    <Stack gap="md">
      <Title order={1}>{EVENT_CREDENTIALS_TITLE}</Title>
      <CreateCredentialForm credentials={list} />
      <Readme credentials={list} />
      <TotalEventsChart points={points} partialFrom={partialFrom} loading={stats.isPending} />
      <TextInput
        aria-label="Search credentials"
        placeholder="Search by name, experience, place id or game key"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={480}
      />
      {list.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            No event credentials yet: create one above, then give its game the module in the Readme.
          </Text>
        </Paper>
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No credential matches “{query}”
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {shown.map((c) => (
            <CredentialCard
              key={c.game_key}
              credential={c}
              credentials={list}
              experienceName={names.get(c.place_id) ?? null}
              tracked={names.has(c.place_id)}
              events={stats.data ? placeSummary(rows, c.place_id, partialFrom, nowMs) : null}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
