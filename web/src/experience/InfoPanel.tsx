import { type Experience, formatLikePercentage, shortenNumber } from '@ludex/schemas'
import { ActionIcon, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { api } from '../api/queries.ts'
import { GenreLink, SubGenreLink } from '../browse/GenreLink.tsx'
import { creatorPathOf } from '../browse/links.ts'
import { useViewer } from '../shell/viewer.ts'
import { Tooltip } from '../ui/Tooltip.tsx'
import {
  EDIT_CANONICAL_NAME,
  EDIT_RELEASE_DATE,
  mayEditCanonicalName,
  mayEditReleaseDate,
  openCanonicalNameEditor,
  openReleaseDateEditor,
} from './edit/EditExperience.tsx'
import {
  formatAgeLimit,
  formatDate,
  formatInteger,
  formatPlayStatus,
  formatPlaytime,
  formatPrice,
} from './format.ts'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" fw={500} component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  )
}

/** A small pencil beside a fact that staff may edit. */
function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" size="sm" aria-label={label} onClick={onClick}>
        <IconPencil size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  )
}

/** The info panel: the experience's facts as a description list, with the staff's edit buttons. */
export function InfoPanel({ experience: e }: { experience: Experience }) {
  const viewer = useViewer()
  // User and group ids overlap: the creator is the one whose experiences hold this one.
  const found = useQuery(api.experienceCreator(e.creator_id, e.place_id)).data
  const creator = found?.creator
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="experience-info-title">
      <Title order={2} size="h4" id="experience-info-title" mb="sm">
        Information
      </Title>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 4 }} spacing="md" verticalSpacing="sm" m={0}>
        <Fact label="Players Online">{formatInteger(e.players_online)}</Fact>
        <Fact label="Visits">{shortenNumber(e.total_visits, { plus: true })}</Fact>
        <Fact label="Favorites">{shortenNumber(e.favorites, { plus: true })}</Fact>
        <Fact label="Like %">{formatLikePercentage(e.like_percentage)}</Fact>
        <Fact label="Rank">#{e.rank}</Fact>
        <Fact label="Average Playtime">{formatPlaytime(e.average_playtime)}</Fact>
        <Fact label="Price">{formatPrice(e.price)}</Fact>
        <Fact label="Age Rating">{formatAgeLimit(e.age_limit)}</Fact>
        <Fact label="Play Status">{formatPlayStatus(e.play_status)}</Fact>
        <Fact label="Genre">
          <GenreLink genre={e.genre} />
        </Fact>
        <Fact label="Subgenre">
          <SubGenreLink genre={e.genre} genreL2={e.genre_l2} />
        </Fact>
        <Fact label="Creator">
          {creator ? (
            <Anchor component={Link} to={creatorPathOf(creator, found?.typed ?? false)}>
              {creator.name}
            </Anchor>
          ) : e.creator_id > 0 ? (
            `#${e.creator_id}`
          ) : (
            '-'
          )}
        </Fact>
        <Fact label="Created">{formatDate(e.created)}</Fact>
        <Fact label="Released">
          <Group gap={4} wrap="nowrap" component="span">
            {formatDate(e.released)}
            {mayEditReleaseDate(viewer) && (
              <EditButton label={EDIT_RELEASE_DATE} onClick={() => openReleaseDateEditor(e)} />
            )}
          </Group>
        </Fact>
        <Fact label="Updated">{formatDate(e.updated)}</Fact>
        <Fact label="Canonical Name">
          <Group gap={4} wrap="nowrap" component="span">
            <span style={{ overflowWrap: 'anywhere' }}>{e.canonical_name}</span>
            {mayEditCanonicalName(viewer) && (
              <EditButton label={EDIT_CANONICAL_NAME} onClick={() => openCanonicalNameEditor(e)} />
            )}
          </Group>
        </Fact>
        <Fact label="Place ID">{e.place_id}</Fact>
        <Fact label="Universe ID">{e.universe_id}</Fact>
      </SimpleGrid>
    </Paper>
  )
}
