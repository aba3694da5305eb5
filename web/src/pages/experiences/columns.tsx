import {
  displayGenreName,
  formatLikePercentage,
  type PlaceMomentum,
  type SlimExperience,
  shortenNumber,
} from '@ludex/schemas'
import { Anchor, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { createColumnHelper } from '@tanstack/react-table'
import { createContext, useContext } from 'react'
import { Link } from 'react-router'
import { GenreLink } from '../../browse/GenreLink.tsx'
import { formatInteger } from '../../experience/format.ts'
import { MomentumBadge } from '../../momentum/MomentumBadge.tsx'
import { ExperienceIcon } from '../../thumbnails/ExperienceIcon.tsx'
import classes from './ExperiencesTable.module.css'
import { RowMenu } from './RowMenu.tsx'

/** What a row of an experiences table shows of its experience (a slim experience has it all). */
export type ListedExperience = Pick<
  SlimExperience,
  | 'place_id'
  | 'universe_id'
  | 'name'
  | 'canonical_name'
  | 'players_online'
  | 'like_percentage'
  | 'total_visits'
  | 'genre'
>

/**
 * An experience with its rank (among every tracked experience in the list, among its own rows in a
 * tag's), and its momentum once GET /api/stats/momentum has answered (the table lays it over:
 * ExperiencesTable).
 */
export type RankedExperience = ListedExperience & { readonly rank: number; readonly momentum?: PlaceMomentum }

const col = createColumnHelper<RankedExperience>()

/** Icon hashes of the visible page by place id (fetched per page by the table). */
export const IconHashes = createContext<ReadonlyMap<number, string>>(new Map())

/** A row's icon: the one reader of IconHashes, so the icons' answer redraws the icons and nothing else. */
function RowIcon({ placeId }: { placeId: number }) {
  const hash = useContext(IconHashes).get(placeId)
  return <ExperienceIcon placeId={placeId} hash={hash} size={36} />
}

function NameCell({ row }: { row: RankedExperience }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {/* On phones the name has the cell to itself. */}
      <Box visibleFrom="xs">
        <RowIcon placeId={row.place_id} />
      </Box>
      <Stack gap={0} miw={0} className={classes.nameContent}>
        {/* On phones the rank column gives way to the name; the rank comes along in its cell. */}
        <Text size="xs" c="dimmed" hiddenFrom="xs">
          <VisuallyHidden>Rank </VisuallyHidden>#{row.rank}
        </Text>
        <Anchor
          component={Link}
          to={`/experiences/${row.place_id}`}
          fw={500}
          lineClamp={2}
          style={{ overflowWrap: 'anywhere' }}
        >
          {row.name}
        </Anchor>
        {row.canonical_name !== row.name && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {row.canonical_name}
          </Text>
        )}
      </Stack>
    </Group>
  )
}

/**
 * The columns of the experiences table, the ones that matter first (name, players online, like %): on a
 * phone those fit and the rest scroll into view (ExperiencesTable).
 */
export const experienceColumns = [
  col.accessor('rank', { header: 'Rank', cell: (c) => `#${c.getValue()}`, sortDescFirst: false }),
  col.accessor('name', {
    header: 'Name',
    sortingFn: 'alphanumeric',
    cell: (c) => <NameCell row={c.row.original} />,
  }),
  col.accessor('players_online', {
    header: 'Players Online',
    cell: (c) => formatInteger(c.getValue()),
    sortDescFirst: true,
  }),
  col.accessor('like_percentage', {
    header: 'Like %',
    cell: (c) => formatLikePercentage(c.getValue()),
    sortDescFirst: true,
  }),
  col.accessor('total_visits', {
    header: 'Visits',
    cell: (c) => shortenNumber(c.getValue(), { plus: true }),
    sortDescFirst: true,
  }),
  // Sorted by the change behind the label (issue 20.3); experiences without a label sort last.
  col.accessor((r) => (r.momentum?.momentum ? (r.momentum.change ?? undefined) : undefined), {
    id: 'momentum',
    header: 'Momentum',
    cell: (c) => <MomentumBadge momentum={c.row.original.momentum} size="xs" />,
    sortDescFirst: true,
    sortUndefined: 'last',
  }),
  col.accessor((r) => displayGenreName(r.genre), {
    id: 'genre',
    header: 'Genre',
    cell: (c) => <GenreLink genre={c.row.original.genre} />,
  }),
  col.display({
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: (c) => (
      <RowMenu
        placeId={c.row.original.place_id}
        universeId={c.row.original.universe_id}
        name={c.row.original.name}
      />
    ),
  }),
]
