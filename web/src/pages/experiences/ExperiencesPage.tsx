import { ranksByPlayersOnline } from '@ludex/schemas'
import { Badge, CloseButton, Group, Paper, Stack, TextInput, Title } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'
import { api } from '../../api/queries.ts'
import { useSettledText } from '../../search/settled-text.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'
import { useHashParams } from '../../ui/hash-params.ts'
import type { RankedExperience } from './columns.tsx'
import { ExperiencesTable } from './ExperiencesTable.tsx'
import { filterExperiences } from './search.ts'
import { TagFilterMenu } from './TagFilterMenu.tsx'
import { filterByTag, selectedTag } from './tag-filter.ts'

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
  // The text the rows are filtered by: the box's, 300 ms after its last keystroke (part 1 §5).
  const search = useSettledText(fromHash)
  const { settled: debounced, replace } = search

  // The address and the box follow each other: the settled text is written to the address (the list
  // can be shared and survives reloads), and a new value arriving in the address (the global search
  // navigates here with #search=…) replaces the box and filters at once. `written` is the value both
  // agree on, so neither echoes the other's change back.
  const written = useRef(fromHash)
  useEffect(() => {
    if (fromHash === written.current) return
    written.current = fromHash
    replace(fromHash)
  }, [fromHash, replace])
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
  // The tag filter lives in the address (#tag={id}), so a filtered list can be shared.
  const viewer = useViewer()
  const tags = useQuery(api.tags())
  const tagList = tags.isError ? [] : tags.data
  const tag = selectedTag(tagList, hash.tag)
  const rows = useMemo(() => filterByTag(filterExperiences(ranked, debounced), tag), [ranked, debounced, tag])
  const selectTag = (next: { id: number } | null) =>
    setHash((h) => ({ ...h, tag: next ? String(next.id) : undefined }))

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
            value={search.text}
            onChange={(e) => search.type(e.currentTarget.value)}
            type="search"
          />
          <TagFilterMenu
            tags={tagList}
            userId={viewer.kind === 'user' ? viewer.user.id : null}
            selected={tag}
            onSelect={selectTag}
          />
          {tag && (
            <Badge
              size="lg"
              variant="light"
              style={{ alignSelf: 'flex-end' }}
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove the tag filter ${tag.name}`}
                  onClick={() => selectTag(null)}
                />
              }
            >
              {tag.name}
            </Badge>
          )}
        </Group>
        <ExperiencesTable
          tableId={EXPERIENCES_TABLE_ID}
          rows={rows}
          loading={list.isPending}
          caption={
            list.isPending
              ? 'Loading experiences'
              : `${rows.length.toLocaleString('en-US')} of ${ranked.length.toLocaleString('en-US')} experiences${tag ? ` in ${tag.name}` : ''}, ranked by players online`
          }
        />
      </Paper>
    </Stack>
  )
}
