import { type GenreStanding, STANDING_MIN_PLACES, type StandingMetric } from '@ludex/schemas'
import { Anchor, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { api } from '../api/queries.ts'
import { genrePath, genreTitle, isLinkedGenre, subGenrePath } from '../browse/links.ts'
import { methodologyLink } from '../methodology/paths.ts'
import { DataSection } from '../ui/DataSection.tsx'
import { ScrollTable } from '../ui/ScrollTable.tsx'
import { formatPlaytime } from './format.ts'

const METRIC_LABELS: Readonly<Record<StandingMetric, string>> = {
  ccu: 'CCU',
  like_ratio: 'Like %',
  playtime: 'Playtime',
  favorites_per_1k_visits: 'Favorites per 1,000 Visits',
}

const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** A metric's value as the detail page shows it elsewhere. */
export function formatStandingValue(metric: StandingMetric, value: number | null): string {
  if (value === null) return '-'
  switch (metric) {
    case 'ccu':
      return integer.format(value)
    case 'like_ratio':
      return `${decimal.format(value * 100)}%`
    case 'playtime':
      return formatPlaytime(value)
    case 'favorites_per_1k_visits':
      return decimal.format(value)
  }
}

const QUARTILES = [
  ['p25', 'p25'],
  ['p50', 'Median'],
  ['p75', 'p75'],
  ['p90', 'p90'],
] as const

/** The header cells of a distribution's quartiles (p25, Median, p75, p90), as every benchmark table shows them. */
export function QuartileHeads() {
  return QUARTILES.map(([key, label]) => (
    <Table.Th key={key} ta="right">
      {label}
    </Table.Th>
  ))
}

/** A distribution's quartile cells, formatted as the metric is everywhere on the page. */
export function QuartileCells({
  metric,
  distribution,
}: {
  metric: StandingMetric
  distribution: Readonly<Record<(typeof QUARTILES)[number][0], number | null>>
}) {
  return QUARTILES.map(([key]) => (
    <Table.Td key={key} ta="right">
      {formatStandingValue(metric, distribution[key])}
    </Table.Td>
  ))
}

/** '73rd percentile'-style wording of a percentile (rounded to a whole number). */
export function percentileLabel(percentile: number | null): string {
  if (percentile === null) return '-'
  const n = Math.round(percentile)
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

function GroupTable({ group, title }: { group: GenreStanding['groups'][number]; title: string }) {
  return (
    <ScrollTable label={`Standing in ${title}`} widerThanPhones>
      <Table striped>
        <Table.Caption>{title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Metric</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th ta="right">Percentile</Table.Th>
            <QuartileHeads />
            <Table.Th ta="right">Places</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.metrics.map((m) => (
            <Table.Tr key={m.metric}>
              <Table.Td>{METRIC_LABELS[m.metric]}</Table.Td>
              <Table.Td ta="right">{formatStandingValue(m.metric, m.value)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {percentileLabel(m.percentile)}
              </Table.Td>
              <QuartileCells metric={m.metric} distribution={m.distribution} />
              <Table.Td ta="right">{integer.format(m.places)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}

/**
 * Where the experience stands in its genre and sub-genre on the last complete day: its percentile on
 * CCU, like %, playtime and favorites per 1,000 visits, beside the group's p25 / median / p75 / p90.
 */
export function GenreStandingCard({ placeId }: { placeId: number }) {
  const q = useQuery(api.standing(placeId))
  const body = q.isError ? null : q.data
  return (
    <DataSection
      title="Genre Standing"
      titleId="genre-standing-title"
      loadingLabel="Loading genre standing"
      pending={q.isPending}
      data={body && body.day !== null && body.groups.length > 0 ? body : null}
    >
      {(body) => (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            On {body.day} (UTC), among the experiences of{' '}
            {isLinkedGenre(body.genre) ? (
              <Anchor component={Link} to={genrePath(body.genre)} td="underline">
                {genreTitle(body.genre)}
              </Anchor>
            ) : (
              genreTitle(body.genre)
            )}
            . A percentile is the share of the group's experiences below this one (ties count half); it is not
            given below {STANDING_MIN_PLACES} experiences.{' '}
            <Anchor component={Link} to={methodologyLink('genre-standing')} td="underline">
              Method
            </Anchor>
          </Text>
          {body.groups.map((g) => (
            <GroupTable
              key={g.scope}
              group={g}
              title={
                g.scope === 'genre'
                  ? `Genre: ${genreTitle(body.genre)}`
                  : `Sub-genre: ${g.key === 'unlabeled' ? 'Unlabeled' : g.key}`
              }
            />
          ))}
          {isLinkedGenre(body.genre) && body.sub_genre !== 'unlabeled' ? (
            <Anchor component={Link} to={subGenrePath(body.genre, body.sub_genre)} size="sm">
              All experiences of the sub-genre
            </Anchor>
          ) : null}
        </>
      )}
    </DataSection>
  )
}
