import { experienceGenre, type PopulatedPlaceTag, type TagExperience } from '@ludex/schemas'
import {
  ActionIcon,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { IconChevronDown, IconSearch, IconTrash } from '@tabler/icons-react'
import { createColumnHelper } from '@tanstack/react-table'
import { createContext, useContext, useMemo } from 'react'
import { usePreference } from '../../account/preferences.ts'
import { formatInteger } from '../../experience/format.ts'
import { useSettledText } from '../../search/settled-text.ts'
import { Tooltip } from '../../ui/Tooltip.tsx'
import { experienceColumns, type ListedExperience, type RankedExperience } from '../experiences/columns.tsx'
import { ExperiencesTable, withRanks } from '../experiences/ExperiencesTable.tsx'
import { RowMenu } from '../experiences/RowMenu.tsx'
import { filterExperiences } from '../experiences/search.ts'

/** The remembered open state of a tag's Experiences list (panels, per user). */
export const TAG_EXPERIENCES_PANEL = 'tag.experiences'
export const TAG_EXPERIENCES_TABLE = 'tag.experiences'

/** Removes an experience from the tag (null: the viewer may not change it). */
const RemoveExperience = createContext<((e: RankedExperience) => void) | null>(null)

function ActionsCell({ row }: { row: RankedExperience }) {
  const remove = useContext(RemoveExperience)
  return (
    <Group gap={2} wrap="nowrap">
      <RowMenu placeId={row.place_id} universeId={row.universe_id} name={row.name} />
      {remove && (
        <Tooltip label="Remove from tag">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${row.name} from the tag`}
            onClick={() => remove(row)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  )
}

const col = createColumnHelper<RankedExperience>()
/** The experiences list's columns, its row actions with Remove. */
const tagExperienceColumns = [
  ...experienceColumns.filter((c) => c.id !== 'actions'),
  col.display({
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: (c) => <ActionsCell row={c.row.original} />,
  }),
] as typeof experienceColumns

/** A tag's experience as a list row: the genre by the one mapping. */
function asRow(e: TagExperience): ListedExperience {
  return {
    universe_id: e.universe_id,
    place_id: e.place_id,
    name: e.name,
    canonical_name: e.canonical_name,
    players_online: e.players_online,
    total_visits: e.total_visits,
    like_percentage: e.like_percentage,
    genre: experienceGenre({ name: e.name, genreL1: e.genre_l1, genreL2: e.genre_l2 }),
  }
}

/** A tag's tracked members as its table ranks them (by players online among themselves). */
export function tagRows(tag: Pick<PopulatedPlaceTag, 'places'>): RankedExperience[] {
  return withRanks(tag.places.map(asRow))
}

/**
 * The tag's collapsible Experiences list (part 2 §2.4): open state remembered per user and always open
 * when the tag is empty; search settling 300 ms after the last keystroke; page size 20 (remembered);
 * Remove for who may change the tag. Members not tracked yet are listed under the table.
 */
export function TagExperiences({
  tag,
  onRemove,
}: {
  tag: PopulatedPlaceTag
  onRemove: ((e: RankedExperience) => void) | null
}) {
  const [stored, setOpen] = usePreference('panels', TAG_EXPERIENCES_PANEL, true)
  const empty = tag.place_ids.length === 0
  const open = empty || stored
  const search = useSettledText('')
  const ranked = useMemo(() => tagRows({ places: tag.places }), [tag.places])
  const rows = useMemo(() => filterExperiences(ranked, search.settled), [ranked, search.settled])
  const panelId = 'tag-experiences-panel'
  const count = tag.place_ids.length
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tag-experiences-title">
      <UnstyledButton
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={panelId}
        disabled={empty}
        w="100%"
      >
        <Group justify="space-between">
          <Title order={2} size="h4" id="tag-experiences-title">
            Experiences ({formatInteger(count)})
          </Title>
          {!empty && (
            <IconChevronDown
              size={18}
              aria-hidden
              style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            />
          )}
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id={panelId}>
        <Stack mt="sm" gap="sm">
          {empty ? (
            <Text c="dimmed">This tag has no experiences yet.</Text>
          ) : (
            <>
              <TextInput
                maw={420}
                label="Search experiences"
                placeholder="Name or experience id"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search.text}
                onChange={(e) => search.type(e.currentTarget.value)}
                type="search"
              />
              <RemoveExperience value={onRemove}>
                <ExperiencesTable
                  tableId={TAG_EXPERIENCES_TABLE}
                  rows={rows}
                  loading={false}
                  columns={tagExperienceColumns}
                  caption={`${rows.length.toLocaleString('en-US')} of ${tag.places.length.toLocaleString('en-US')} tracked experiences in ${tag.name}, ranked by players online`}
                />
              </RemoveExperience>
            </>
          )}
          {tag.untracked_place_ids.length > 0 && (
            <Text size="sm" c="dimmed">
              Tracking soon (no data yet): {tag.untracked_place_ids.join(', ')}
            </Text>
          )}
        </Stack>
      </Collapse>
    </Paper>
  )
}
