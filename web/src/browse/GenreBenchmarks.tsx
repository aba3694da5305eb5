import { Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api/queries.ts'
import { formatStandingValue, QuartileCells, QuartileHeads } from '../experience/GenreStandingCard.tsx'
import { DataSection } from '../ui/DataSection.tsx'
import { ScrollTable } from '../ui/ScrollTable.tsx'

const ROWS = [
  { key: 'ccu', label: 'CCU (day average)', metric: 'ccu' },
  { key: 'like_ratio', label: 'Like %', metric: 'like_ratio' },
  { key: 'playtime', label: 'Playtime', metric: 'playtime' },
] as const

/**
 * A genre's benchmark distribution (the materialised genre benchmarks): p25 / median / p75 / p90 of
 * its experiences' day-average CCU, like % and playtime on the last day that has them, and how the
 * median CCU moved over the days shown.
 */
export function GenreBenchmarks({ genre, title }: { genre: string; title: string }) {
  const q = useQuery(api.genreBenchmarks(genre))
  const days = q.isError ? [] : (q.data?.days ?? [])
  const last = days.at(-1)
  const first = days[0]
  return (
    <DataSection
      title="Benchmarks"
      titleId="genre-benchmarks-title"
      loadingLabel="Loading benchmarks"
      pending={q.isPending}
      data={last ?? null}
    >
      {(last) => (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            How the {last.places} experiences of {title} spread on {last.day} (UTC).
            {first && first !== last
              ? ` Median CCU ${formatStandingValue('ccu', first.ccu.p50)} on ${first.day}, ${formatStandingValue('ccu', last.ccu.p50)} now.`
              : ''}
          </Text>
          <ScrollTable label={`Benchmarks of ${title}`} widerThanPhones>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Metric</Table.Th>
                  <QuartileHeads />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ROWS.map((r) => (
                  <Table.Tr key={r.key}>
                    <Table.Td>{r.label}</Table.Td>
                    <QuartileCells metric={r.metric} distribution={last[r.key]} />
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
