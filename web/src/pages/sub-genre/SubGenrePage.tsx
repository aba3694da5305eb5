import { Anchor, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useLoaderData } from 'react-router'
import { api } from '../../api/queries.ts'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
import { GenreExperiences } from '../../browse/GenreExperiences.tsx'
import { GenreStats } from '../../browse/GenreStats.tsx'
import { genrePath, genreTitle } from '../../browse/links.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import type { SubGenreLoaderData } from './route.tsx'

/** A sub-genre of a genre (part 2 §2.7): its numbers and its experiences. */
export function SubGenrePage() {
  const { genre, subGenre } = useLoaderData() as SubGenreLoaderData
  const detail = useQuery(api.subGenre(genre, subGenre)).data
  const genreName = genreTitle(genre)
  const title = detail ? genreTitle(detail.sub_genre.sub_genre) : 'Sub-genre'
  usePageMeta({
    title: `${title} (${genreName})`,
    description: `${title} experiences of the ${genreName} genre on Roblox, by players online.`,
  })
  if (!detail) return null
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed" mb="md">
          Sub-genre of{' '}
          <Anchor component={Link} to={genrePath(genre)} fw={600}>
            {genreName}
          </Anchor>
        </Text>
        <GenreStats row={detail.sub_genre} shareOf="Genre" />
      </Paper>
      <HydrationBoundary>
        <GenreExperiences tableId="sub-genre.experiences" experiences={detail.experiences} title={title} />
      </HydrationBoundary>
    </Stack>
  )
}
