import { LIST_SEARCH_DEBOUNCE_MS } from '@ludex/schemas'
import { Button, Group, Menu, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconFilter, IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { api } from '../../api/queries.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useHashParams } from '../../ui/hash-params.ts'
import type { RankedExperience } from './columns.tsx'
import { ExperiencesTable } from './ExperiencesTable.tsx'
import { ranksByPlayersOnline } from './rank.ts'
import { filterExperiences } from './search.ts'

export const EXPERIENCES_TABLE_ID = 'experiences'

/** The experiences list (part 1 §2): search, tag filter and the ranked, paged table. */
export function ExperiencesPage() {
  usePageMeta({
    title: 'Experiences',
    description:
      'Every tracked Roblox experience ranked by players online, with visits, like rate and genre.',
  })
  const [hash, setHash] = useHashParams()
  const fromHash = hash.search ?? ''
  const [text, setText] = useState(fromHash)
  // The text the rows are filtered by: the box's, 300 ms after its last keystroke (part 1 §5). The
  // timer starts in the keystroke's own handler, not after the box's render has been committed, so the
  // pause is the spec's and not the spec's plus a render.
  const [debounced, setDebounced] = useState(fromHash)
  const settle = useDebouncedCallback(setDebounced, LIST_SEARCH_DEBOUNCE_MS)

  // The address and the box follow each other: the settled text is written to the address (the list
  // can be shared and survives reloads), and a new value arriving in the address (the global search
  // navigates here with #search=…) replaces the box and filters at once. `written` is the value both
  // agree on, so neither echoes the other's change back.
  const written = useRef(fromHash)
  useEffect(() => {
    if (fromHash === written.current) return
    written.current = fromHash
    settle.cancel()
    setText(fromHash)
    setDebounced(fromHash)
  }, [fromHash, settle])
  const lastDebounced = useRef(debounced)
  useEffect(() => {
    if (debounced === lastDebounced.current) return
    lastDebounced.current = debounced
    if (debounced === written.current) return
    written.current = debounced
    setHash((h) => ({ ...h, search: debounced === '' ? undefined : debounced }))
  }, [debounced, setHash])

  const list = useQuery(api.slimList())
  const ranked = useMemo<RankedExperience[]>(() => {
    const rows = list.data ?? []
    const ranks = ranksByPlayersOnline(rows)
    return rows.map((r) => ({ ...r, rank: ranks.get(r.place_id) ?? 0 }))
  }, [list.data])
  const rows = useMemo(() => filterExperiences(ranked, debounced), [ranked, debounced])

  return (
    <Stack gap="md">
      <Title order={1}>Experiences</Title>
      <Paper withBorder p="md" radius="md">
        <Group gap="sm" mb="sm" wrap="wrap">
          <TextInput
            flex="1 1 260px"
            label="Search experiences"
            placeholder="Name, place id, universe id or game link"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(e) => {
              const next = e.currentTarget.value
              setText(next)
              settle(next)
            }}
            type="search"
          />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                leftSection={<IconFilter size={16} aria-hidden />}
                style={{ alignSelf: 'flex-end' }}
              >
                Tags
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Filter by tag</Menu.Label>
              <Text size="sm" c="dimmed" px="sm" py="xs">
                No tags
              </Text>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <ExperiencesTable
          tableId={EXPERIENCES_TABLE_ID}
          rows={rows}
          loading={list.isPending}
          caption={
            list.isPending
              ? 'Loading experiences'
              : `${rows.length.toLocaleString('en-US')} of ${ranked.length.toLocaleString('en-US')} experiences, ranked by players online`
          }
        />
      </Paper>
    </Stack>
  )
}
