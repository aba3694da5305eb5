import { Paper, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useLoaderData } from 'react-router'
import { api } from '../../api/queries.ts'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
import { GenreBenchmarks } from '../../browse/GenreBenchmarks.tsx'
import { GenreExperiences } from '../../browse/GenreExperiences.tsx'
import { GenreStats } from '../../browse/GenreStats.tsx'
import { GenreTable, subGenreRow } from '../../browse/GenreTable.tsx'
import { genrePath, genreTitle } from '../../browse/links.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import type { GenreLoaderData } from './route.tsx'

/** The genre's experiences table (its remembered page size). */
export const GENRE_EXPERIENCES_TABLE = 'genre.experiences'

/** A genre (part 2 §2.7): its numbers, its sub-genre table and its experiences. */
export function GenrePage() {
  const { genre } = useLoaderData() as GenreLoaderData
  // The loader ensured it: data is there; a refetch keeps the page.
  const detail = useQuery(api.genre(genre)).data
  const title = genreTitle(genre)
  usePageMeta({
    title,
    description: `${title} experiences on Roblox: players online, share of players, like rate, sub-genres and the experiences of the genre.`,
  })
  const rows = useMemo(
    () =>
      (detail?.sub_genres ?? []).map((s) =>
        subGenreRow(s, `${genrePath(genre)}/${encodeURIComponent(s.slug)}`),
      ),
    [detail?.sub_genres, genre],
  )
  if (!detail) return null
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Title order={1} mb="md">
          {title}
        </Title>
        <GenreStats row={detail.genre} shareOf="Players" />
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sub-genres-title">
        <Title order={2} size="h4" id="sub-genres-title" mb="xs">
          Sub-genres
        </Title>
        <GenreTable
          tableId="genre.sub-genres"
          rows={rows}
          loading={false}
          caption={`${rows.length} sub-genres of ${title}, by players online`}
          label="Sub-genres"
          nameHeader="Sub-genre"
          shareHeader="Share of Genre"
        />
      </Paper>
      <HydrationBoundary>
        <GenreBenchmarks genre={genre} title={title} />
      </HydrationBoundary>
      <HydrationBoundary>
        <GenreExperiences tableId={GENRE_EXPERIENCES_TABLE} experiences={detail.experiences} title={title} />
      </HydrationBoundary>
    </Stack>
  )
}
