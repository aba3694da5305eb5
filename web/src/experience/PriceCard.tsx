import { Center, Loader, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api/queries.ts'
import { ScrollTable } from '../ui/ScrollTable.tsx'
import { ChartCard } from './ChartCard.tsx'
import { formatDate, formatInteger, formatPrice } from './format.ts'

/** The price history (oldest first from the API, newest first here); a failed fetch is an empty list. */
export function PriceCard({ placeId }: { placeId: number }) {
  const q = useQuery(api.price(placeId))
  const entries = q.isError ? [] : [...(q.data ?? [])].reverse()
  return (
    <ChartCard title="Price History">
      {q.isPending ? (
        <Center h={120}>
          <Loader aria-label="Loading price history" />
        </Center>
      ) : entries.length === 0 ? (
        <Text c="dimmed">No Data</Text>
      ) : (
        // Three short columns fit a phone; a long history scrolls within the card.
        <ScrollTable label="Price History" maxHeight={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.time}>
                  <Table.Td>{formatDate(e.time)}</Table.Td>
                  <Table.Td ta="right">{formatPrice(e.price)}</Table.Td>
                  <Table.Td ta="right" c={e.change > 0 ? 'teal' : e.change < 0 ? 'red' : undefined}>
                    {e.change === 0 ? '-' : `${e.change > 0 ? '+' : '-'}${formatInteger(Math.abs(e.change))}`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </ChartCard>
  )
}
