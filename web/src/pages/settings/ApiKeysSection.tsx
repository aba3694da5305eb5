import { API_KEY_HEADER, API_KEY_NAME_MAX_LENGTH, API_KEY_SCHEME, type ApiKeySummary } from '@ludex/schemas'
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { ApiRequestError, apiGet, apiSend } from '../../api/client.ts'
import { copyToClipboard } from '../../ui/copy.ts'
import { ScrollTable } from '../../ui/ScrollTable.tsx'
import { toast } from '../../ui/toasts.ts'

export const API_KEYS_TITLE = 'API Keys'
export const CREATE_API_KEY = 'Create Key'
export const NO_API_KEYS = 'You have no API keys yet.'
export const API_KEY_SHOWN_ONCE = 'Copy your new key now: it will not be shown again.'
export const API_KEY_COPIED = 'API key copied'
export const REVOKE_API_KEY = 'Revoke'
export const REVOKE_API_KEY_TITLE = 'Revoke this API key?'
export const API_KEY_REVOKED = 'API key revoked'
export const API_KEYS_LOAD_FAILED = 'Could not load your API keys'

const count = new Intl.NumberFormat('en-US')
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

const apiKeysQuery = () =>
  queryOptions({
    queryKey: ['users', 'me', 'api-keys'],
    queryFn: ({ signal }) => apiGet('/api/users/me/api-keys', 'apiKeyList', signal),
  })

/**
 * Settings' API keys (issue 21.3): create a named key (shown once, with a copy button), see each key's
 * calls today and over the last 30 days, revoke a key after a confirmation. The limits come from the
 * server's answer, so the text says what the server enforces.
 */
export function ApiKeysSection() {
  const keys = useQuery(apiKeysQuery())
  const [created, setCreated] = useState<string | null>(null)
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="settings-api-keys">
      <Title order={2} size="h4" id="settings-api-keys" mb="xs">
        {API_KEYS_TITLE}
      </Title>
      <Text size="sm" mb="sm">
        Call the Ludex API with a key for a higher limit: send it as{' '}
        <Code>
          {API_KEY_HEADER}: {API_KEY_SCHEME} &lt;key&gt;
        </Code>
        .{' '}
        {keys.data &&
          `Each key gets ${count.format(keys.data.limit)} calls per ${keys.data.window_seconds} seconds; you may hold ${keys.data.max_keys} keys. `}
        A key acts as you, with your role. The limits, the terms of use of the data and the daily dumps are
        described in the API documentation.
      </Text>
      {/* On a line of its own: a link inside the paragraph would differ from its text by colour alone. */}
      <Anchor href="/api/docs" size="sm" display="inline-block" mb="sm">
        API documentation
      </Anchor>
      {created && <NewKey apiKey={created} onDone={() => setCreated(null)} />}
      <CreateKeyForm onCreated={setCreated} />
      {keys.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Loading API keys" />
        </Group>
      ) : keys.isError ? (
        <Text c="red" role="alert">
          {API_KEYS_LOAD_FAILED}
        </Text>
      ) : keys.data.keys.length === 0 ? (
        <Text c="dimmed" py="sm">
          {NO_API_KEYS}
        </Text>
      ) : (
        <KeyTable keys={keys.data.keys} />
      )}
    </Paper>
  )
}

function NewKey({ apiKey, onDone }: { apiKey: string; onDone: () => void }) {
  return (
    <Alert color="green" mb="sm" title="Key created" role="status">
      <Stack gap="xs">
        <Text size="sm">{API_KEY_SHOWN_ONCE}</Text>
        <Code block aria-label="New API key" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {apiKey}
        </Code>
        <Group gap="xs">
          <Button size="xs" onClick={() => void copyToClipboard(apiKey, API_KEY_COPIED)}>
            Copy Key
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

function CreateKeyForm({ onCreated }: { onCreated: (key: string) => void }) {
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setError('Name the key')
      return
    }
    setLoading(true)
    setError(null)
    try {
      const created = await apiSend('POST', '/api/users/me/api-keys', { name }, 'apiKeyCreated')
      setName('')
      onCreated(created.key)
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey })
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Could not create the key')
    } finally {
      setLoading(false)
    }
  }
  return (
    <form onSubmit={submit} aria-label="Create an API key">
      <Group align="flex-end" gap="xs" mb="sm">
        <TextInput
          label="Key name"
          placeholder="e.g. Nightly export"
          value={name}
          maxLength={API_KEY_NAME_MAX_LENGTH}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={loading}>
          {CREATE_API_KEY}
        </Button>
      </Group>
    </form>
  )
}

function KeyTable({ keys }: { keys: readonly ApiKeySummary[] }) {
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null)
  return (
    <>
      <ScrollTable label="API keys" minWidth={640} widerThanPhones>
        <Table verticalSpacing="xs" aria-label="API keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last Used</Table.Th>
              <Table.Th ta="right">Calls Today</Table.Th>
              <Table.Th ta="right">Last 30 Days</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{k.name}</Table.Td>
                <Table.Td>
                  <Code>{k.start}…</Code>
                </Table.Td>
                <Table.Td>{date.format(new Date(k.created))}</Table.Td>
                <Table.Td>
                  {k.last_used ? date.format(new Date(`${k.last_used}T00:00:00Z`)) : 'Never'}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {count.format(k.calls_today)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {count.format(k.usage.reduce((sum, d) => sum + d.calls, 0))}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setRevoking(k)}
                    aria-label={`${REVOKE_API_KEY} ${k.name}`}
                  >
                    {REVOKE_API_KEY}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </>
  )
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeySummary; onClose: () => void }) {
  const queryClient = useQueryClient()
  const [loading, setLoading] = useState(false)
  const revoke = async () => {
    setLoading(true)
    try {
      await apiSend('DELETE', `/api/users/me/api-keys/${apiKey.id}`, undefined, 'okResponse')
      toast.success(API_KEY_REVOKED)
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey })
      onClose()
    } catch (err) {
      toast.error(err instanceof ApiRequestError ? err.message : 'Could not revoke the key')
      setLoading(false)
    }
  }
  return (
    <Modal opened onClose={onClose} title={REVOKE_API_KEY_TITLE} centered>
      <Stack gap="sm">
        <Text size="sm">
          Calls made with “{apiKey.name}” ({apiKey.start}…) are refused from now on. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={revoke} loading={loading} data-autofocus>
            {REVOKE_API_KEY}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
