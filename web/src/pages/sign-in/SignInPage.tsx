import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, Navigate, useLocation } from 'react-router'
import { AuthCard, AuthMessage } from '../../account/AuthCard.tsx'
import { returnTarget } from '../../account/return-to.ts'
import { applySession } from '../../account/session-actions.ts'
import { INVALID_EMAIL, isEmail } from '../../account/validation.ts'
import { ApiRequestError, apiSend } from '../../api/client.ts'
import { api } from '../../api/queries.ts'
import { PRODUCT_NAME, usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'
import { toast } from '../../ui/toasts.ts'
import { GoogleSignInButton } from './GoogleSignInButton.tsx'

export const SIGN_IN_TAGLINE = 'Explore comprehensive real-time Roblox data'
export const RESET_REQUESTED =
  'If there’s an account connected to this email, we’ll send you instructions to set a new password.'
export const RESEND_SENT =
  'A new verification email is on its way! Check your inbox or spam folder and follow the steps to finish the sign up process.'

type Panel = { kind: 'sign-in' } | { kind: 'forgot' } | { kind: 'resend'; token: string }

// The panel shown first; the sign-in panel focuses its title only when it comes back from another one.
const FIRST_PANEL: Panel = { kind: 'sign-in' }

/** The token of a 428 answer (password right, email not verified yet), or null for any other failure. */
export function unverifiedToken(err: unknown): string | null {
  if (!(err instanceof ApiRequestError) || err.status !== 428) return null
  const body = err.body
  return typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string'
    ? body.token
    : null
}

/**
 * /sign-in (part 2 §2.11): the sign-in, forgot-password and resend-verification panels. Signed in (now or
 * already), the user goes back to the page they came from, or /overview.
 */
export function SignInPage() {
  usePageMeta({ title: 'Sign In' })
  const viewer = useViewer()
  const location = useLocation()
  const [panel, setPanel] = useState<Panel>(FIRST_PANEL)
  if (viewer.kind === 'user') return <Navigate to={returnTarget(location.state)} replace />
  const back = () => setPanel({ kind: 'sign-in' })
  switch (panel.kind) {
    case 'forgot':
      return <ForgotPasswordPanel onBack={back} />
    case 'resend':
      return <ResendVerificationPanel token={panel.token} onBack={back} />
    default:
      return (
        <SignInPanel
          onForgot={() => setPanel({ kind: 'forgot' })}
          onUnverified={(token) => setPanel({ kind: 'resend', token })}
          focusTitle={panel !== FIRST_PANEL}
        />
      )
  }
}

function SignInPanel({
  onForgot,
  onUnverified,
  focusTitle,
}: {
  onForgot: () => void
  onUnverified: (token: string) => void
  focusTitle: boolean
}) {
  const queryClient = useQueryClient()
  const location = useLocation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [loading, setLoading] = useState(false)
  // Google's button (and its script) only where the server has Google sign-in configured.
  const google = useQuery({ ...api.authProviders(), select: (p) => p.google }).data

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setLoading(true)
    try {
      const user = await apiSend('POST', '/api/auth/login', { email, password }, 'sessionUser')
      // The page re-renders signed in and returns to where the user came from.
      applySession(queryClient, user)
    } catch (err) {
      // Part 2 §4: stop loading and clear the fields; a 428 switches to the resend panel, anything else
      // is silent.
      setLoading(false)
      setEmail('')
      setPassword('')
      const token = unverifiedToken(err)
      if (token) onUnverified(token)
    }
  }

  return (
    <AuthCard
      title="Sign In"
      tagline={SIGN_IN_TAGLINE}
      focusTitle={focusTitle}
      footer={
        <>
          New to {PRODUCT_NAME}?{' '}
          <Anchor component={Link} to="/sign-up" state={location.state} fw={600}>
            Sign Up for Free
          </Anchor>
        </>
      }
    >
      {/* No client validation on sign-in (part 2 §5): the browser's own checks are off too. */}
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={onForgot}>
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={loading}>
            Sign In
          </Button>
        </Stack>
      </form>
      {google && <GoogleSignInButton clientId={google.client_id} />}
    </AuthCard>
  )
}

function ForgotPasswordPanel({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('')
  const [loading, setLoading] = useState(false)
  const [sent, setSent] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    // Part 2 §8: a bad email is an error toast, and nothing is sent.
    if (!isEmail(email)) {
      toast.error(INVALID_EMAIL)
      return
    }
    setLoading(true)
    try {
      await apiSend('POST', '/api/auth/password/request', { email: email.trim() }, 'okResponse')
      setSent(true)
    } catch (err) {
      toast.error(err instanceof ApiRequestError && err.status === 400 ? INVALID_EMAIL : errorText(err))
    } finally {
      setLoading(false)
    }
  }

  return (
    <AuthCard
      title="Forgot Password?"
      tagline={sent ? undefined : 'Enter your email and we’ll send you a link to set a new password.'}
      focusTitle
      footer={
        <>
          Do you remember your password?{' '}
          <Anchor component="button" type="button" fw={600} onClick={onBack}>
            Sign In
          </Anchor>
        </>
      }
    >
      {sent ? (
        <AuthMessage>
          <Text>{RESET_REQUESTED}</Text>
        </AuthMessage>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Request a password reset">
          <Stack gap="sm">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" fullWidth loading={loading}>
              Send Reset Link
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  )
}

function ResendVerificationPanel({ token, onBack }: { token: string; onBack: () => void }) {
  const [loading, setLoading] = useState(false)
  const [sent, setSent] = useState(false)

  const resend = async () => {
    setLoading(true)
    try {
      await apiSend('POST', '/api/auth/resend-verification', { token }, 'okResponse')
      setSent(true)
    } catch {
      // Part 2 §8: resend errors are swallowed without a message.
    } finally {
      setLoading(false)
    }
  }

  return (
    <AuthCard
      title="Verify Your Email"
      focusTitle
      footer={
        <Anchor component="button" type="button" fw={600} onClick={onBack}>
          Back to Sign In
        </Anchor>
      }
    >
      {sent ? (
        <AuthMessage>
          <Text>{RESEND_SENT}</Text>
        </AuthMessage>
      ) : (
        <Stack gap="sm">
          <Text>
            You’ll need to verify your email to access your account. Check your inbox or spam folder for a
            verification email.
          </Text>
          <Text c="dimmed" size="sm">
            Can’t find it? No worries—we can send you another one.
          </Text>
          <Button onClick={resend} loading={loading} fullWidth>
            Resend Email Verification
          </Button>
        </Stack>
      )}
    </AuthCard>
  )
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : 'Something went wrong'
}
