import { Badge, Code, Group, Loader, Paper, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/queries.ts'
import { ScrollTable } from '../../ui/ScrollTable.tsx'

const count = new Intl.NumberFormat('en-US')
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

export const ERROR_REPORTS_TITLE = 'Error Reports'
export const NO_ERROR_REPORTS = 'No error reports in the last 30 days'
export const ERROR_REPORTS_LOAD_FAILED = 'Could not load the error reports'

/**
 * The users page's error reports (issue 18 point 6): the latest browser errors, grouped by error and
 * message, with how often, when, from which releases, and the newest report's page and stack.
 */
export function ErrorReportsPanel() {
  const groups = useQuery(api.errorGroups())
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="users-errors">
      <Title order={2} size="h4" id="users-errors">
        {ERROR_REPORTS_TITLE}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Uncaught errors in visitors’ browsers over the last 30 days, most recent first.
      </Text>
      {groups.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading error reports" />
        </Group>
      ) : groups.isError ? (
        <Text c="red" role="alert">
          {ERROR_REPORTS_LOAD_FAILED}
        </Text>
      ) : groups.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {NO_ERROR_REPORTS}
        </Text>
      ) : (
        <ScrollTable label="Error reports" minWidth={700} widerThanPhones>
          <Table verticalSpacing="xs" aria-label="Error reports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Error</Table.Th>
                <Table.Th ta="right">Reports</Table.Th>
                <Table.Th>Last Seen</Table.Th>
                <Table.Th>Releases</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.map((g) => (
                <Table.Tr key={`${g.name}\u0000${g.message}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <details>
                      <summary style={{ cursor: 'pointer' }}>
                        {g.name ? `${g.name}: ` : ''}
                        {g.message || '(no message)'}
                      </summary>
                      <Text size="xs" c="dimmed" mt={4}>
                        Last on {g.path}, first seen {dateTime.format(new Date(g.first_seen))}
                      </Text>
                      {g.stack && (
                        <Code block mt={4} style={{ maxHeight: 240, overflow: 'auto' }}>
                          {g.stack}
                        </Code>
                      )}
                    </details>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {count.format(g.count)}
                  </Table.Td>
                  <Table.Td>{dateTime.format(new Date(g.last_seen))}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {g.releases.map((r) => (
                        <Badge key={r} variant="light" color="gray" tt="none">
                          {r}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Paper>
  )
}
