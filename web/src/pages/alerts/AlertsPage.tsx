import { ALERTS_PER_USER_MAX, type Alert, WEBHOOK_ALERTS_PER_USER_MAX } from '@ludex/schemas'
import {
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { ApiRequestError, apiSend } from '../../api/client.ts'
import { useExperienceLookup } from '../../api/experience-lookup.ts'
import { api } from '../../api/queries.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'
import { toast } from '../../ui/toasts.ts'
import { CreateAlertForm } from './CreateAlertForm.tsx'
import { DeliveriesTable } from './DeliveriesTable.tsx'
import { describeDelivery, describeRule } from './describe.ts'

export const ALERTS_NOT_LOGGED_IN = 'Sign in to set alerts on experiences and tags.'

/**
 * /alerts (issue 20 point 1): the signed-in user's alerts, a form for a new one, and the newest
 * deliveries with their status. Visitors are asked to sign in.
 */
export function AlertsPage() {
  usePageMeta({ title: 'Alerts', noIndex: true })
  const viewer = useViewer()
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>Alerts</Title>
      {viewer.kind === 'user' ? (
        <SignedIn />
      ) : (
        <Text>
          {ALERTS_NOT_LOGGED_IN}{' '}
          <Anchor component={Link} to="/sign-in">
            Sign In
          </Anchor>
        </Text>
      )}
    </Stack>
  )
}

function SignedIn() {
  const alerts = useQuery(api.alerts())
  const tags = useQuery(api.tags())
  const list = alerts.data?.alerts ?? []
  const webhooks = list.filter((a) => a.delivery.channel === 'webhook').length
  // The names of the experiences the alerts watch (their lookup).
  const watched = list.flatMap((a) => (a.target.type === 'experience' ? [a.target.placeId] : []))
  const experiences = useExperienceLookup(watched).byId
  const experienceNames = new Map(
    [...experiences.values()].map((e) => [e.place_id, e.canonical_name || e.name] as const),
  )
  const tagNames = new Map((tags.data ?? []).map((t) => [t.id, t.name] as const))
  const targetName = (a: Alert) =>
    a.target.type === 'experience'
      ? (experienceNames.get(a.target.placeId) ?? `Experience ${a.target.placeId}`)
      : `Tag: ${tagNames.get(a.target.tagId) ?? a.target.tagId}`
  return (
    <>
      <Text>
        Get an email or a webhook call when an experience (or any experience of a tag) crosses a CCU
        threshold, moves by a percentage over a day or a week, enters or leaves a chart’s top N, changes its
        price or is updated. You can have {ALERTS_PER_USER_MAX} alerts, {WEBHOOK_ALERTS_PER_USER_MAX} of them
        by webhook ({list.length} and {webhooks} in use). How alerts are evaluated, and how to verify a
        webhook’s signature:{' '}
        <Anchor component={Link} to="/methodology#alerts">
          methodology
        </Anchor>
        .
      </Text>
      <CreateAlertForm tags={tags.data ?? []} />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="alerts-list">
        <Title order={2} size="h4" id="alerts-list" mb="sm">
          Your alerts
        </Title>
        {alerts.isPending ? (
          <Loader size="sm" aria-label="Loading alerts" />
        ) : alerts.isError ? (
          <Text c="red">Your alerts could not be loaded.</Text>
        ) : list.length === 0 ? (
          <Text c="dimmed">No alerts yet. Create one above.</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped aria-label="Your alerts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Watches</Table.Th>
                  <Table.Th>Fires when</Table.Th>
                  <Table.Th>Delivered by</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((a) => (
                  <AlertRow key={a.id} alert={a} target={targetName(a)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <DeliveriesTable />
    </>
  )
}

function AlertRow({ alert, target }: { alert: Alert; target: string }) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [testing, setTesting] = useState(false)
  const onTest = async () => {
    setTesting(true)
    try {
      await apiSend('POST', `/api/alerts/${alert.id}/test`, undefined, 'alertDelivery')
      await queryClient.invalidateQueries({ queryKey: ['alerts', 'deliveries'] })
      toast.success('Test sent: its delivery is listed below')
    } catch (err) {
      toast.error(
        err instanceof ApiRequestError ? err.message : 'The test could not be sent. Please try again.',
      )
    } finally {
      setTesting(false)
    }
  }
  const onDelete = async () => {
    setBusy(true)
    try {
      await apiSend('DELETE', `/api/alerts/${alert.id}`, undefined, 'okResponse')
      await queryClient.invalidateQueries({ queryKey: ['alerts'] })
      toast.success('Alert deleted')
    } catch {
      toast.error('The alert could not be deleted. Please try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Table.Tr>
      <Table.Td fw={600}>{alert.name}</Table.Td>
      <Table.Td>
        {alert.target.type === 'experience' ? (
          <Anchor component={Link} to={`/experiences/${alert.target.placeId}`}>
            {target}
          </Anchor>
        ) : (
          <Anchor component={Link} to={`/tags/${alert.target.tagId}`}>
            {target}
          </Anchor>
        )}
      </Table.Td>
      <Table.Td>{describeRule(alert.rule)}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {describeDelivery(alert.delivery)}
        {alert.delivery.channel === 'webhook' && (
          <Text size="xs" c="dimmed">
            Signing secret: <Code>{`${alert.delivery.secret.slice(0, 8)}…`}</Code>{' '}
            <CopyButton value={alert.delivery.secret}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="subtle" onClick={copy}>
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            loading={testing}
            onClick={onTest}
            aria-label={`Send a test of alert ${alert.name}`}
          >
            Send test
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={busy}
            onClick={onDelete}
            aria-label={`Delete alert ${alert.name}`}
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}
