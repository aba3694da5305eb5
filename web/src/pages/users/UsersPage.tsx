import { type ListedUser, ROLES, type Role } from '@ludex/schemas'
import {
  Badge,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Navigate } from 'react-router'
import { ApiRequestError, apiSend } from '../../api/client.ts'
import { api, SESSION_QUERY_KEY } from '../../api/queries.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { displayName, hasPermission, useViewer } from '../../shell/viewer.ts'
import { ScrollTable } from '../../ui/ScrollTable.tsx'
import { usePageSize } from '../../ui/table/page-size.ts'
import { toast } from '../../ui/toasts.ts'
import { ErrorReportsPanel } from './ErrorReportsPanel.tsx'
import { VisitorsPanel } from './VisitorsPanel.tsx'

export const USERS_TABLE_ID = 'users'

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const count = new Intl.NumberFormat('en-US')

export const roleUpdated = (name: string) => `Role successfully updated for ${name}`
export const roleUpdateFailed = (name: string, status: number | string, statusText: string) =>
  `Could not update role for ${name}: ${status} ${statusText}`

/**
 * /users (part 2 §2.10, permission LIST_USERS): the active-user counters, the Visitors panel of Ludex's
 * own analytics, every user with a role dropdown, and the latest browser error reports. A viewer who
 * loses the permission (a simulated role) is sent to /.
 */
export function UsersPage() {
  usePageMeta({ title: 'User Management', noIndex: true })
  const viewer = useViewer()
  const allowed = hasPermission(viewer, 'LIST_USERS')
  const list = useQuery({ ...api.users(), enabled: allowed })
  const [pageSize] = usePageSize(USERS_TABLE_ID)
  const [page, setPage] = useState(1)
  if (!allowed) return <Navigate to="/" replace />

  const users = list.data?.users ?? []
  const pages = Math.max(1, Math.ceil(users.length / pageSize))
  const shown = users.slice((page - 1) * pageSize, page * pageSize)

  return (
    <Stack gap="md">
      <Title order={1}>User Management</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={640}>
        <Counter label="Active in the last 24 hours" value={list.data?.active.last_24_hours} />
        <Counter label="Active in the last 30 days" value={list.data?.active.last_30_days} />
      </SimpleGrid>
      <VisitorsPanel />
      <Paper withBorder radius="md" p="md">
        <ScrollTable label="Users" minWidth={900} widerThanPhones>
          <Table striped highlightOnHover verticalSpacing="xs" aria-busy={list.isPending}>
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
              <Text size="sm" c="dimmed" component="span">
                {count.format(users.length)} users
              </Text>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th ta="right">ID</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Verified</Table.Th>
                <Table.Th>First Name</Table.Th>
                <Table.Th>Last Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Last Active</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {user.id}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={user.email_verified ? 'teal' : 'gray'}>
                      {user.email_verified ? 'Yes' : 'No'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{user.first_name}</Table.Td>
                  <Table.Td>{user.last_name}</Table.Td>
                  <Table.Td>
                    <RoleSelect user={user} />
                  </Table.Td>
                  <Table.Td>{user.last_active ? dateTime.format(new Date(user.last_active)) : '-'}</Table.Td>
                  <Table.Td>{dateTime.format(new Date(user.created))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        {!list.isPending && users.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            No Data
          </Text>
        )}
        {pages > 1 && (
          <Group justify="flex-end" mt="md">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
              })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          </Group>
        )}
      </Paper>
      <ErrorReportsPanel />
    </Stack>
  )
}

function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value === undefined ? '-' : count.format(value)}
      </Text>
    </Paper>
  )
}

/** The role dropdown of one row: PUT /api/users/{id} with the user plus the role, then a toast (part 2 §8). */
function RoleSelect({ user }: { user: ListedUser }) {
  const queryClient = useQueryClient()
  const viewer = useViewer()
  const [pending, setPending] = useState<Role | null>(null)
  const name = displayName(user)

  const change = async (role: Role) => {
    if (role === user.role) return
    setPending(role)
    try {
      const updated = await apiSend('PUT', `/api/users/${user.id}`, { ...user, role }, 'listedUser')
      queryClient.setQueryData(api.users().queryKey, (old) =>
        old ? { ...old, users: old.users.map((u) => (u.id === updated.id ? updated : u)) } : old,
      )
      toast.success(roleUpdated(name))
      // One's own role changed: the session's permissions (and this page's access) follow.
      if (viewer.kind === 'user' && viewer.user.id === updated.id) {
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
      }
    } catch (err) {
      toast.error(
        err instanceof ApiRequestError
          ? roleUpdateFailed(name, err.status, err.statusText)
          : roleUpdateFailed(name, 0, 'Network Error'),
      )
    } finally {
      setPending(null)
    }
  }

  return (
    <NativeSelect
      aria-label={`Role of ${name}`}
      size="xs"
      w={110}
      data={ROLES.map((r) => r)}
      value={pending ?? user.role}
      disabled={pending !== null}
      onChange={(e) => void change(e.currentTarget.value as Role)}
    />
  )
}
