import type { SessionUser } from '@ludex/schemas'
import {
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { forgetAccountTokens } from '../../account/account-token.ts'
import { applySession } from '../../account/session-actions.ts'
import { ApiRequestError, apiSend } from '../../api/client.ts'
import { useConsent, useConsentStore } from '../../consent/consent.ts'
import { PROMPT_TEXT } from '../../consent/texts.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'
import { toast } from '../../ui/toasts.ts'
import { ApiKeysSection } from './ApiKeysSection.tsx'
import classes from './settings.module.css'

export const NOT_LOGGED_IN = 'Not logged in.'
export const DELETE_ACCOUNT = 'Delete Account'
export const DELETE_ACCOUNT_CONFIRM_TITLE = 'Delete your account?'
export const ACCOUNT_DELETED = 'Your account was deleted'
export const PASSWORD_CHANGE_REQUESTED =
  'We’ve emailed you a link to reset your password. Please check your inbox (or spam folder) and follow the instructions.'

const joinedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })

/** /settings (part 2 §2.15): name, e-mail and joined date, a password change request, cookie preferences. */
export function SettingsPage() {
  usePageMeta({ title: 'Settings', noIndex: true })
  const viewer = useViewer()
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Settings</Title>
      {viewer.kind === 'user' ? <Account user={viewer.user} /> : <Text>{NOT_LOGGED_IN}</Text>}
    </Stack>
  )
}

function Account({ user }: { user: SessionUser }) {
  return (
    <>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="settings-account">
        <Title order={2} size="h4" id="settings-account" mb="sm">
          Account
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="dl" m={0}>
          <Field label="Name" value={`${user.first_name} ${user.last_name}`.trim() || '-'} />
          <Field label="E-mail" value={user.email} />
          <Field label="Joined" value={joinedFormat.format(new Date(user.created))} />
        </SimpleGrid>
      </Paper>
      <PasswordSection email={user.email} />
      <ApiKeysSection />
      <CookiePreferencesSection />
      <DeleteAccountSection />
    </>
  )
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  )
}

function PasswordSection({ email }: { email: string }) {
  const [loading, setLoading] = useState(false)
  const [sent, setSent] = useState(false)
  const request = async () => {
    setLoading(true)
    try {
      await apiSend('POST', '/api/auth/password/request', { email }, 'okResponse')
      setSent(true)
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not request a password change')
    } finally {
      setLoading(false)
    }
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="settings-password">
      <Title order={2} size="h4" id="settings-password" mb="sm">
        Password
      </Title>
      {sent ? (
        <Text role="status">{PASSWORD_CHANGE_REQUESTED}</Text>
      ) : (
        <Button variant="default" onClick={request} loading={loading}>
          Request Password Change
        </Button>
      )}
    </Paper>
  )
}

/**
 * The cookie prompt's Analytics choice (session tracking, part 2 §2.15): the same stored value, so a
 * change here settles the prompt too, and the prompt's answer shows here.
 */
function CookiePreferencesSection() {
  const store = useConsentStore()
  const { prefs } = useConsent()
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="settings-cookies">
      <Title order={2} size="h4" id="settings-cookies" mb="sm">
        Cookie Preferences
      </Title>
      <Switch
        label="Session tracking"
        description={PROMPT_TEXT.analyticsHelp}
        checked={prefs.st}
        onChange={(e) => store?.save({ st: e.currentTarget.checked })}
      />
    </Paper>
  )
}

/**
 * Deleting the account (issue 18 point 4; the privacy policy keeps user data until deletion is asked):
 * confirmed in a dialog with the password (an account that signs in with Google signs in again and
 * deletes within 10 minutes instead); the server's refusals (a wrong password, the last admin) are
 * shown in the dialog. Done, the app is a visitor's again, on the overview.
 */
function DeleteAccountSection() {
  const [open, setOpen] = useState(false)
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="settings-delete">
      <Title order={2} size="h4" id="settings-delete" mb="sm">
        {DELETE_ACCOUNT}
      </Title>
      <Text size="sm" mb="sm">
        Deletes your account, your sessions, your tags and your remembered preferences. This cannot be undone.
      </Text>
      <Button
        color="var(--settings-danger)"
        variant="outline"
        className={classes.danger}
        onClick={() => setOpen(true)}
      >
        {DELETE_ACCOUNT}
      </Button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </Paper>
  )
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setLoading(true)
    setError(null)
    try {
      await apiSend('DELETE', '/api/users/me', password ? { password } : {}, 'okResponse')
      forgetAccountTokens()
      applySession(queryClient, null)
      toast.success(ACCOUNT_DELETED)
      navigate('/overview', { replace: true })
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Could not delete the account')
      setLoading(false)
    }
  }
  return (
    <Modal opened onClose={onClose} title={DELETE_ACCOUNT_CONFIRM_TITLE} centered>
      <form onSubmit={submit} aria-label={DELETE_ACCOUNT}>
        <Stack gap="sm">
          <Text size="sm">
            Your account and everything kept with it are deleted at once. Enter your password to confirm. If
            you sign in with Google, sign in again and delete within 10 minutes, without a password.
          </Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            data-autofocus
          />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {DELETE_ACCOUNT}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
