import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { prefetchExperienceLookup, useExperienceNames } from '../../api/experience-lookup.ts'
import { api } from '../../api/queries.ts'

const dayText = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const day = (iso: string) => dayText.format(Date.parse(`${iso}T00:00:00Z`))

const placeIdsOf = (items: readonly { place_id: number }[]) => items.map((i) => i.place_id)

/**
 * Starts the day's changes and, once they answer, the names of who entered and who left (the lookups
 * ChangeList makes): a server-rendered page arrives with the panel drawn, and the browser has nothing
 * to ask for, nor answers to check, while the page hydrates. Not awaited.
 */
export function prefetchDayChanges(queryClient: QueryClient, categoryId: number, time: number | undefined) {
  queryClient.fetchQuery(api.rankingChanges(categoryId, time)).then(
    (body) => {
      prefetchExperienceLookup(queryClient, placeIdsOf(body.entered))
      prefetchExperienceLookup(queryClient, placeIdsOf(body.left))
    },
    // The panel asks again and shows what it gets.
    () => undefined,
  )
}

function ChangeList({
  title,
  items,
  empty,
}: {
  title: string
  items: readonly { place_id: number; rank: number }[]
  empty: string
}) {
  const nameOf = useExperienceNames(placeIdsOf(items))
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Text fw={600} size="sm">
        {title} ({items.length})
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((i) => (
            <Group key={i.place_id} gap={6} wrap="nowrap" component="li">
              <Text size="sm" c="dimmed" w={40} ta="right">
                #{i.rank}
              </Text>
              <Anchor component={Link} to={`/experiences/${i.place_id}`} size="sm">
                {nameOf(i.place_id)}
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  )
}

/**
 * Who entered and who left the category on the shown day, against the category's previous captured
 * day (GET /api/stats/ranking/{id}/changes): entries with their best rank of the day, exits with theirs
 * of the day before.
 */
export function DayChanges({ categoryId, time }: { categoryId: number; time: number | undefined }) {
  const q = useQuery(api.rankingChanges(categoryId, time))
  const body = q.isError ? null : q.data
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ranking-day-changes-title">
      <Title order={2} size="h5" id="ranking-day-changes-title" mb="xs">
        Entered and Left
      </Title>
      {q.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : !body || body.compared_with === null ? (
        <Text size="sm" c="dimmed">
          No earlier day to compare with.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {day(body.day)} against {day(body.compared_with)} (UTC days; ranked positions, not sponsored
            tiles)
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ChangeList title="Entered" items={body.entered} empty="Nobody entered." />
            <ChangeList title="Left" items={body.left} empty="Nobody left." />
          </SimpleGrid>
        </>
      )}
    </Paper>
  )
}
