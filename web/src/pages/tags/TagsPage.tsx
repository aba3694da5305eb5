import type { PlaceTag } from '@ludex/schemas'
import { Group, Paper, Stack, Tabs, TextInput, Title } from '@mantine/core'
import { IconLock, IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { memo, useMemo } from 'react'
import { usePreference } from '../../account/preferences.ts'
import { useExperienceLookup } from '../../api/experience-lookup.ts'
import { api } from '../../api/queries.ts'
import { useSettledText } from '../../search/settled-text.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { hasPermission, useViewer } from '../../shell/viewer.ts'
import { NewTagButton } from '../../tags/NewTagButton.tsx'
import { TAG_TEXT } from '../../tags/texts.ts'
import { useIconHashes } from '../../thumbnails/icon-hashes.ts'
import { openSignUpPromo } from '../../ui/promo.tsx'
import { DataTableView, useDataTable } from '../../ui/table/data-table.tsx'
import { TagIcons, tagColumns, tagColumnsWithOwner } from './columns.tsx'
import {
  rowsByTab,
  searchTags,
  TAGS_TAB_PREFERENCE,
  TAGS_TABLE_ID,
  type TagRow,
  type TagTab,
  tagMembers,
  tagRows,
  visibleTab,
} from './tags-list.ts'

const NUMERIC = new Set(['experiences', 'players_online'])
const WRAPPING = new Set(['name'])
const PHONE_HIDDEN = new Set(['thumbnail'])
const NO_TAGS: readonly PlaceTag[] = []

const TAB_LABELS: Record<TagTab, string> = {
  curated: TAG_TEXT.curatedTags,
  yours: TAG_TEXT.yourTags,
  others: TAG_TEXT.otherUsersTags,
}

/** The tags list (part 2 §2.3): search by name, New Tag, the tabs and the table. */
export function TagsPage() {
  usePageMeta({
    title: 'Tags',
    description:
      'Curated and personal tags of Roblox experiences: segments such as a studio’s portfolio, a genre niche or competitors, with their players online.',
  })
  const viewer = useViewer()
  const userId = viewer.kind === 'user' ? viewer.user.id : null
  const isAdmin = hasPermission(viewer, 'LIST_USERS')
  const tags = useQuery(api.tags())
  const search = useSettledText('')
  const [remembered, setRemembered] = usePreference('tabs', TAGS_TAB_PREFERENCE, 'curated')

  const byTab = useMemo(() => rowsByTab(tags.data ?? NO_TAGS, userId), [tags.data, userId])
  const othersShown = hasPermission(viewer, 'EDIT_TAG') && byTab.others.length > 0
  const tab = visibleTab(remembered, { signedIn: viewer.kind === 'user', othersShown })
  // The players online of the tab's experiences (their lookups), for each tag's total and thumbnail.
  const members = useMemo(() => tagMembers(byTab[tab]), [byTab, tab])
  const lookup = useExperienceLookup(members)
  const tabRows = useMemo(() => tagRows(byTab[tab], lookup.byId.values()), [byTab, tab, lookup.byId])
  const rows = useMemo(() => searchTags(tabRows, search.settled), [tabRows, search.settled])
  // A failed load is an empty list (part 2 §8).
  const loading = tags.isPending || lookup.pending

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Tags</Title>
        <NewTagButton />
      </Group>
      <Paper withBorder p="md" radius="md">
        <Tabs
          value={tab}
          onChange={(next) => {
            if (next === 'yours' && viewer.kind === 'visitor') return openSignUpPromo()
            if (next) setRemembered(next)
          }}
          mb="sm"
        >
          <Tabs.List>
            <Tabs.Tab value="curated">{TAB_LABELS.curated}</Tabs.Tab>
            <Tabs.Tab
              value="yours"
              rightSection={viewer.kind === 'visitor' ? <IconLock size={14} aria-hidden /> : undefined}
              aria-label={viewer.kind === 'visitor' ? `${TAB_LABELS.yours} (sign up to unlock)` : undefined}
            >
              {TAB_LABELS.yours}
            </Tabs.Tab>
            {othersShown && <Tabs.Tab value="others">{TAB_LABELS.others}</Tabs.Tab>}
          </Tabs.List>
        </Tabs>
        <TextInput
          mb="sm"
          maw={420}
          label="Search tags"
          placeholder="Tag name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.text}
          onChange={(e) => search.type(e.currentTarget.value)}
          type="search"
        />
        <TagsTable
          rows={rows}
          withOwner={isAdmin}
          loading={loading}
          caption={
            loading
              ? 'Loading tags'
              : `${rows.length.toLocaleString('en-US')} ${rows.length === 1 ? 'tag' : 'tags'} in ${TAB_LABELS[tab]}${search.settled.trim() ? ` matching “${search.settled.trim()}”` : ''}`
          }
        />
      </Paper>
    </Stack>
  )
}

/** The tags table, with the thumbnails' icons of the visible page. Memoised like the other lists. */
const TagsTable = memo(function TagsTable({
  rows,
  withOwner,
  loading,
  caption,
}: {
  readonly rows: readonly TagRow[]
  readonly withOwner: boolean
  readonly loading: boolean
  readonly caption: string
}) {
  const state = useDataTable({
    tableId: TAGS_TABLE_ID,
    rows,
    columns: withOwner ? tagColumnsWithOwner : tagColumns,
    getRowId: (t) => String(t.id),
    initialSort: [{ id: 'players_online', desc: true }],
  })
  const pageRows = state.table.getRowModel().rows
  const ids = useMemo(() => pageRows.flatMap((r) => r.original.thumbs), [pageRows])
  const icons = useIconHashes(ids)
  return (
    <TagIcons value={icons}>
      <DataTableView
        state={state}
        tableId={TAGS_TABLE_ID}
        loading={loading}
        caption={caption}
        label="Tags"
        numeric={NUMERIC}
        loadingLabel="Loading tags"
        phoneHidden={PHONE_HIDDEN}
        wrapping={WRAPPING}
        emptyText={TAG_TEXT.noTags}
      />
    </TagIcons>
  )
})
