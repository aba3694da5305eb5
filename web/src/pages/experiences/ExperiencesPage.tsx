import { Badge, CloseButton, Group, Paper, Stack, TextInput, Title } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { api } from '../../api/queries.ts'
import { useSettledText } from '../../search/settled-text.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'
import { useHashParams } from '../../ui/hash-params.ts'
import { useTableState } from '../../ui/table/data-table.tsx'
import { EXPERIENCES_INITIAL_SORT, PagedExperiencesTable } from './ExperiencesTable.tsx'
import { EXPERIENCES_TABLE_ID, listRequest } from './list-request.ts'
import { TagFilterMenu } from './TagFilterMenu.tsx'
import { selectedTag } from './tag-filter.ts'

const NO_ROWS: never[] = []

/**
 * The experiences list (part 1 §2): search, tag filter and the ranked, paged table. The server sorts,
 * searches, filters and pages (GET /api/place/list, issue 19 point 4); each row's rank is among every
 * tracked experience.
 */
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

  // The tag filter lives in the address (#tag={id}), so a filtered list can be shared; a tag the viewer
  // does not have filters nothing.
  const viewer = useViewer()
  const tags = useQuery(api.tags())
  const tagList = tags.isError ? [] : tags.data
  const tag = selectedTag(tagList, hash.tag)
  const selectTag = (next: { id: number } | null) =>
    setHash((h) => ({ ...h, tag: next ? String(next.id) : undefined }))

  const table = useTableState(EXPERIENCES_TABLE_ID, EXPERIENCES_INITIAL_SORT)
  // A new search or tag starts at the first page, in the same render (an effect would ask for the old one).
  const filter = `${debounced}\u0000${tag?.id ?? ''}`
  const [pagedFilter, setPagedFilter] = useState(filter)
  if (pagedFilter !== filter) {
    setPagedFilter(filter)
    table.setPageIndex(0)
  }
  const list = useQuery({
    ...api.experienceList(listRequest(table, debounced, tag?.id ?? null)),
    // The address names a tag: wait for the tag list, which says whether the viewer has it.
    enabled: hash.tag === undefined || tagList !== undefined,
  })
  const page = list.data
  const loading = page === undefined && !list.isError

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
        <PagedExperiencesTable
          tableId={EXPERIENCES_TABLE_ID}
          state={table}
          rows={page?.items ?? NO_ROWS}
          rowCount={page?.total ?? 0}
          loading={loading}
          caption={
            page === undefined
              ? loading
                ? 'Loading experiences'
                : 'The experiences could not be loaded'
              : `${page.total.toLocaleString('en-US')} of ${page.tracked.toLocaleString('en-US')} experiences${tag ? ` in ${tag.name}` : ''}, ranked by players online`
          }
        />
      </Paper>
    </Stack>
  )
}
