import { Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { api } from '../../api/queries.ts'
import { GenreTable, genreRow } from '../../browse/GenreTable.tsx'
import { genrePath, isLinkedGenre } from '../../browse/links.ts'
import { usePageMeta } from '../../shell/page-meta.ts'

export const GENRES_TABLE_ID = 'genres'

/** The genre table (part 2 §2.7): the sixteen genres (and unlabeled), most players online first. */
export function GenresPage() {
  usePageMeta({
    title: 'Genres',
    description:
      'Roblox genres by players online: experiences, share of players and average like rate of each genre.',
  })
  const genres = useQuery(api.genres())
  const rows = useMemo(
    () =>
      (genres.data?.genres ?? []).map((g) => genreRow(g, isLinkedGenre(g.genre) ? genrePath(g.genre) : null)),
    [genres.data],
  )
  const experiences = rows.reduce((n, r) => n + r.experiences, 0)
  return (
    <Stack gap="md">
      <Title order={1}>Genres</Title>
      <Text c="dimmed" size="sm" maw={760}>
        Every tracked experience in one of sixteen genres, from the genre and sub-genre Roblox gives it, and
        its name for RNG, horror and branded experiences. Experiences in no genre are under a dash.
      </Text>
      <Paper withBorder p="md" radius="md">
        <GenreTable
          tableId={GENRES_TABLE_ID}
          rows={rows}
          loading={genres.isPending}
          caption={
            genres.isPending
              ? 'Loading genres'
              : `${rows.length} genres of ${experiences.toLocaleString('en-US')} tracked experiences, by players online`
          }
          label="Genres"
          nameHeader="Genre"
          shareHeader="Share of Players"
        />
      </Paper>
    </Stack>
  )
}
