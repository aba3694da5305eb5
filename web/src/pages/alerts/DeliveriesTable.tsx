import { Badge, Loader, Paper, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/queries.ts'
import { deliveryDetail, STATUS_COLORS, STATUS_LABELS } from './describe.ts'

const timeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})
const format = (iso: string) => `${timeFormat.format(new Date(iso))} UTC`

/** The newest deliveries of the user's alerts, each with its status (refreshed every 15 s). */
export function DeliveriesTable() {
  const deliveries = useQuery(api.alertDeliveries())
  const rows = deliveries.data ?? []
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="alerts-deliveries">
      <Title order={2} size="h4" id="alerts-deliveries" mb="sm">
        Deliveries
      </Title>
      {deliveries.isPending ? (
        <Loader size="sm" aria-label="Loading deliveries" />
      ) : deliveries.isError ? (
        <Text c="red">The deliveries could not be loaded.</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">Nothing has fired yet. Each firing and its delivery will show here.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Deliveries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fired</Table.Th>
                <Table.Th>Alert</Table.Th>
                <Table.Th>What happened</Table.Th>
                <Table.Th>Channel</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format(d.fired_at)}</Table.Td>
                  <Table.Td>{d.alert_name}</Table.Td>
                  <Table.Td>{d.summary}</Table.Td>
                  <Table.Td>{d.channel === 'webhook' ? 'Webhook' : 'Email'}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[d.status]} variant="light">
                      {STATUS_LABELS[d.status]}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {deliveryDetail(d, format)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  )
}
