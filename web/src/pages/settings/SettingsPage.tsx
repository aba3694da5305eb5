import type { SessionUser } from '@ludex/schemas'
import { Button, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { apiSend } from '../../api/client.ts'
import { useConsent, useConsentStore } from '../../consent/consent.ts'
import { PROMPT_TEXT } from '../../consent/texts.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'
import { toast } from '../../ui/toasts.ts'

export const NOT_LOGGED_IN = 'Not logged in.'
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
      <CookiePreferencesSection />
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
