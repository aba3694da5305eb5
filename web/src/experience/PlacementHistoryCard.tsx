import { Anchor, Badge, Group, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { api } from '../api/queries.ts'
import { methodologyLink } from '../methodology/paths.ts'
import { rankingPath } from '../rankings/address.ts'
import { DataSection } from '../ui/DataSection.tsx'
import { ScrollTable } from '../ui/ScrollTable.tsx'
import { categoryTitle } from './rankings.ts'

const dayText = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const day = (iso: string) => dayText.format(Date.parse(`${iso}T00:00:00Z`))
/** The ranking page at noon of a day: the day's capture shows what the row says. */
const noonOf = (iso: string) => Date.parse(`${iso}T12:00:00Z`)

/** Minutes as '2 d 3 h' / '3 h 20 min' / '40 min'. */
export function formatMinutes(minutes: number): string {
  const d = Math.floor(minutes / 1440)
  const h = Math.floor((minutes % 1440) / 60)
  const m = minutes % 60
  if (d > 0) return `${d} d${h > 0 ? ` ${h} h` : ''}`
  if (h > 0) return `${h} h${m > 0 ? ` ${m} min` : ''}`
  return `${m} min`
}

/**
 * Per chart category: days in it, best rank and time at it, its entries and exits (each linking to the
 * category's ranking that day) and the days the platform showed it as a sponsored tile.
 */
export function PlacementHistoryCard({ placeId }: { placeId: number }) {
  const q = useQuery(api.placements(placeId))
  const categories = q.isError ? [] : (q.data?.categories ?? [])
  return (
    <DataSection
      title="Chart Placement History"
      titleId="placement-history-title"
      loadingLabel="Loading chart placement history"
      pending={q.isPending}
      data={categories.length > 0 ? categories : null}
    >
      {(categories) => (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            By UTC day: an entry is a day ranked after a captured day without a rank, an exit the reverse.
            Sponsored tiles are flagged, not counted as ranks.{' '}
            <Anchor component={Link} to={methodologyLink('chart-placements')} td="underline">
              Method
            </Anchor>
          </Text>
          <ScrollTable label="Chart Placement History" widerThanPhones>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Category</Table.Th>
                  <Table.Th ta="right">Days In</Table.Th>
                  <Table.Th ta="right">Best Rank</Table.Th>
                  <Table.Th ta="right">Time at Best Rank</Table.Th>
                  <Table.Th>Entries and Exits</Table.Th>
                  <Table.Th ta="right">Sponsored Days</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {categories.map((c) => (
                  <Table.Tr key={c.category_id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor component={Link} to={rankingPath(c.category_id, { exp: placeId })}>
                          {categoryTitle(c.category_id)}
                        </Anchor>
                        {c.current ? (
                          <Badge size="xs" variant="light">
                            In now
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{c.days_in_category}</Table.Td>
                    <Table.Td ta="right">
                      {c.best_rank === null || c.best_rank_first_day === null ? (
                        '-'
                      ) : (
                        <Anchor
                          component={Link}
                          to={rankingPath(c.category_id, {
                            time: noonOf(c.best_rank_first_day),
                            exp: placeId,
                          })}
                          title={`First reached on ${day(c.best_rank_first_day)}`}
                        >
                          #{c.best_rank}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {c.best_rank === null ? '-' : formatMinutes(c.minutes_at_best_rank)}
                    </Table.Td>
                    <Table.Td>
                      {c.changes.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          None
                        </Text>
                      ) : (
                        <Group gap={6}>
                          {c.changes.map((ch) => (
                            <Anchor
                              key={`${ch.kind}-${ch.day}`}
                              component={Link}
                              size="sm"
                              to={rankingPath(c.category_id, { time: noonOf(ch.day), exp: placeId })}
                            >
                              {ch.kind === 'entry' ? 'Entered' : 'Left'} {day(ch.day)}
                              {ch.rank === null ? '' : ` (#${ch.rank})`}
                            </Anchor>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {c.sponsored_days > 0 ? (
                        <Badge
                          size="sm"
                          color="yellow"
                          variant="light"
                          title="Shown by the platform as a paid tile"
                        >
                          {c.sponsored_days} sponsored
                        </Badge>
                      ) : (
                        0
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
    </DataSection>
  )
}
