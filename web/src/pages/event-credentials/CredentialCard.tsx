import { CREDENTIAL_NAME_MAX_LENGTH, type GameCredential } from '@ludex/schemas'
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { modals } from '@mantine/modals'
import { IconCopy, IconEye, IconEyeOff, IconPencil } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { ApiRequestError, apiSend } from '../../api/client.ts'
import { api } from '../../api/queries.ts'
import { copyToClipboard } from '../../ui/copy.ts'
import { Tooltip } from '../../ui/Tooltip.tsx'
import { toast } from '../../ui/toasts.ts'
import type { PlaceEventSummary } from './event-stats.ts'
import { credentialNameProblem, maskedSecret } from './rules.ts'
import { CREDENTIAL_TOASTS } from './texts.ts'

const count = new Intl.NumberFormat('en-US')
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/**
 * One credential (part 2 §2.10, §4): its name (struck through with a 'Disabled' marker while
 * disabled), the experience, the game key and secret key with copy buttons, its events, and the
 * actions: rename, disable or enable (after a confirmation), delete for good (after a confirmation).
 */
export function CredentialCard({
  credential,
  credentials,
  experienceName,
  tracked,
  events,
}: {
  credential: GameCredential
  credentials: readonly GameCredential[]
  /** The experience's name when Ludex tracks it. */
  experienceName: string | null
  tracked: boolean
  events: PlaceEventSummary | null
}) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(credential.comment)
  const [serverNameError, setServerNameError] = useState(false)
  const [busy, setBusy] = useState(false)
  const [showSecret, setShowSecret] = useState(false)

  const replace = (next: GameCredential) =>
    queryClient.setQueryData(api.gameCredentials().queryKey, (old) =>
      (old ?? []).map((c) => (c.game_key === next.game_key ? next : c)),
    )
  const put = (body: { comment?: string; disabled?: boolean }) =>
    apiSend('PUT', `/api/gamecredential/${credential.game_key}`, body, 'gameCredential')

  const problem = credentialNameProblem(draft, credentials, credential.game_key)
  const unchanged = draft.trim() === credential.comment
  const rename = async (event: FormEvent) => {
    event.preventDefault()
    if (problem !== null || busy) return
    if (unchanged) {
      setEditing(false)
      return
    }
    setBusy(true)
    try {
      replace(await put({ comment: draft.trim() }))
      toast.success(CREDENTIAL_TOASTS.renamed)
      setEditing(false)
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) setServerNameError(true)
      toast.error(CREDENTIAL_TOASTS.renameFailed)
    } finally {
      setBusy(false)
    }
  }

  const toggle = () => {
    const disabling = !credential.disabled
    modals.openConfirmModal({
      title: disabling ? 'Disable event credential' : 'Enable event credential',
      children: (
        <Text size="sm">
          {disabling
            ? `While “${credential.comment}” is disabled, its game can no longer send events. You can enable it again later.`
            : `“${credential.comment}” will accept events from its game again.`}
        </Text>
      ),
      labels: { confirm: disabling ? 'Disable' : 'Enable', cancel: 'Cancel' },
      confirmProps: { color: disabling ? 'orange' : 'teal' },
      onConfirm: async () => {
        setBusy(true)
        try {
          replace(await put({ disabled: disabling }))
          toast.success(disabling ? CREDENTIAL_TOASTS.disabled : CREDENTIAL_TOASTS.enabled)
        } catch {
          toast.error(disabling ? CREDENTIAL_TOASTS.disableFailed : CREDENTIAL_TOASTS.enableFailed)
        } finally {
          setBusy(false)
        }
      },
    })
  }

  const remove = () => {
    modals.openConfirmModal({
      title: 'Delete event credential',
      children: (
        <Text size="sm">
          Delete “{credential.comment}” for good? Its game will no longer be able to send events, and the keys
          cannot be restored. Events already received stay counted.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setBusy(true)
        try {
          await apiSend('DELETE', `/api/gamecredential/${credential.game_key}`, undefined, 'okResponse')
          queryClient.setQueryData(api.gameCredentials().queryKey, (old) =>
            (old ?? []).filter((c) => c.game_key !== credential.game_key),
          )
          void queryClient.invalidateQueries({ queryKey: api.eventStats().queryKey })
          toast.success(CREDENTIAL_TOASTS.deleted)
        } catch {
          toast.error(CREDENTIAL_TOASTS.deleteFailed)
          setBusy(false)
        }
      },
    })
  }

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={credential.comment}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          {editing ? (
            <form
              onSubmit={(e) => void rename(e)}
              style={{ flex: 1 }}
              aria-label={`Rename ${credential.comment}`}
            >
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <TextInput
                  aria-label="Name"
                  value={draft}
                  maxLength={CREDENTIAL_NAME_MAX_LENGTH}
                  onChange={(e) => {
                    setDraft(e.currentTarget.value)
                    setServerNameError(false)
                  }}
                  error={serverNameError ? 'name already in use' : problem || null}
                  data-autofocus
                  autoFocus
                  style={{ flex: 1 }}
                />
                <Button type="submit" size="sm" loading={busy} disabled={problem !== null}>
                  Save
                </Button>
                <Button
                  variant="default"
                  size="sm"
                  onClick={() => {
                    setEditing(false)
                    setDraft(credential.comment)
                    setServerNameError(false)
                  }}
                >
                  Cancel
                </Button>
              </Group>
            </form>
          ) : (
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Title
                order={3}
                size="h5"
                td={credential.disabled ? 'line-through' : undefined}
                c={credential.disabled ? 'dimmed' : undefined}
                style={{ overflowWrap: 'anywhere' }}
              >
                {credential.comment}
              </Title>
              {credential.disabled && (
                <Badge color="gray" variant="light">
                  Disabled
                </Badge>
              )}
              <Tooltip label="Rename">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Rename ${credential.comment}`}
                  onClick={() => {
                    setDraft(credential.comment)
                    setEditing(true)
                  }}
                >
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        <Text size="sm">
          {tracked ? (
            <Anchor component={Link} to={`/experiences/${credential.place_id}`}>
              {experienceName ?? `Experience ${credential.place_id}`}
            </Anchor>
          ) : (
            `Place ${credential.place_id}`
          )}{' '}
          <Text span c="dimmed" size="sm">
            ({credential.place_id})
          </Text>
        </Text>
        <KeyRow
          label="Game key"
          value={credential.game_key}
          shown={credential.game_key}
          onCopy={() => void copyToClipboard(credential.game_key, CREDENTIAL_TOASTS.gameKeyCopied)}
        />
        <KeyRow
          label="Secret key"
          value={credential.secret_key}
          shown={showSecret ? credential.secret_key : maskedSecret(credential.secret_key)}
          onCopy={() => void copyToClipboard(credential.secret_key, CREDENTIAL_TOASTS.secretKeyCopied)}
          reveal={{ shown: showSecret, toggle: () => setShowSecret((s) => !s) }}
        />
        <SimpleGrid cols={3} spacing="xs">
          <Figure label="Today so far" value={events?.today ?? 0} />
          <Figure
            label={
              events?.lastWholeDay ? `On ${date.format(Date.parse(events.lastWholeDay.date))}` : 'Last day'
            }
            value={events?.lastWholeDay?.events ?? 0}
          />
          <Figure label="Last 30 days" value={events?.last30Days ?? 0} />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={toggle} disabled={busy}>
            {credential.disabled ? 'Enable' : 'Disable'}
          </Button>
          <Button variant="light" color="red" size="xs" onClick={remove} disabled={busy}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

function KeyRow({
  label,
  value,
  shown,
  onCopy,
  reveal,
}: {
  label: string
  value: string
  shown: string
  onCopy: () => void
  reveal?: { shown: boolean; toggle: () => void }
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed" w={70} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Code style={{ overflowWrap: 'anywhere', flex: 1 }} aria-label={label} data-value-length={value.length}>
        {shown}
      </Code>
      {reveal && (
        <Tooltip label={reveal.shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}>
          <ActionIcon
            variant="subtle"
            onClick={reveal.toggle}
            aria-label={reveal.shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          >
            {reveal.shown ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={`Copy ${label.toLowerCase()}`}>
        <ActionIcon variant="subtle" onClick={onCopy} aria-label={`Copy ${label.toLowerCase()}`}>
          <IconCopy size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  )
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{count.format(value)}</Text>
    </Stack>
  )
}
