import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { Link, Navigate, useLocation } from 'react-router'
import { AuthCard, AuthMessage } from '../../account/AuthCard.tsx'
import { InterestsSelect, UserTypeSelect } from '../../account/ProfileSelectors.tsx'
import { returnTarget } from '../../account/return-to.ts'
import { type SignUpFields, signUpErrors, signUpValid } from '../../account/validation.ts'
import { useAnalytics } from '../../analytics/sink.ts'
import { apiSend } from '../../api/client.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'

export const SIGN_UP_TITLE = 'Sign Up for Free'
export const SIGN_UP_SUBTITLE = 'Sign up for free to access additional features and historical data'
export const VERIFICATION_SENT = [
  'We’ve sent you a verification email',
  'To finalize your account, please check your inbox for a verification email and complete the verification process.',
  'If you don’t see the email, please check your spam folder.',
] as const

const EMPTY: SignUpFields = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirm: '',
  interests: [],
  userType: null,
}

/**
 * /sign-up (part 2 §2.12): the form, then the verification-sent message. A submit with any rule broken
 * only marks the fields (part 2 §5); a failing call is swallowed (part 2 §8).
 */
export function SignUpPage() {
  usePageMeta({ title: SIGN_UP_TITLE })
  const viewer = useViewer()
  const analytics = useAnalytics()
  const location = useLocation()
  const [fields, setFields] = useState<SignUpFields>(EMPTY)
  const [submitted, setSubmitted] = useState(false)
  const [loading, setLoading] = useState(false)
  const [sent, setSent] = useState(false)
  if (viewer.kind === 'user') return <Navigate to={returnTarget(location.state)} replace />

  const errors = signUpErrors(fields, submitted)
  const set =
    <K extends keyof SignUpFields>(key: K) =>
    (value: SignUpFields[K]) =>
      setFields((f) => ({ ...f, [key]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!signUpValid(fields)) return
    setLoading(true)
    try {
      const identity = await apiSend(
        'POST',
        '/api/auth/register',
        {
          first_name: fields.firstName.trim(),
          last_name: fields.lastName.trim(),
          email: fields.email.trim(),
          password: fields.password,
          interests: fields.interests,
          user_type: fields.userType,
        },
        'userIdentity',
      )
      analytics.identifyUser(identity.id, {
        email: identity.email,
        first_name: identity.first_name,
        last_name: identity.last_name,
      })
      analytics.captureEvent('Registered')
      setSent(true)
    } catch {
      // Part 2 §8: sign-up errors are swallowed without a message.
    } finally {
      setLoading(false)
    }
  }

  const footer = (
    <>
      Already got an account?{' '}
      <Anchor component={Link} to="/sign-in" state={location.state} fw={600}>
        Sign In
      </Anchor>
    </>
  )

  if (sent) {
    return (
      <AuthCard title={VERIFICATION_SENT[0]} focusTitle footer={footer}>
        <AuthMessage>
          <Text>{VERIFICATION_SENT[1]}</Text>
          <Text c="dimmed" size="sm">
            {VERIFICATION_SENT[2]}
          </Text>
        </AuthMessage>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={SIGN_UP_TITLE} tagline={SIGN_UP_SUBTITLE} footer={footer}>
      <form onSubmit={submit} noValidate aria-label="Sign up">
        <Stack gap="sm">
          <Group grow align="flex-start" gap="sm">
            <TextInput
              label="First Name"
              autoComplete="given-name"
              value={fields.firstName}
              onChange={(e) => set('firstName')(e.currentTarget.value)}
              error={errors.firstName}
            />
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              value={fields.lastName}
              onChange={(e) => set('lastName')(e.currentTarget.value)}
              error={errors.lastName}
            />
          </Group>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            value={fields.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
            error={errors.password}
            // Mantine marks only its wrapper: screen readers learn of the error from the input.
            aria-invalid={errors.password !== undefined}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            value={fields.confirm}
            onChange={(e) => set('confirm')(e.currentTarget.value)}
            error={errors.confirm}
            aria-invalid={errors.confirm !== undefined}
          />
          <InterestsSelect
            value={[...fields.interests]}
            onChange={set('interests')}
            error={errors.interests}
          />
          <UserTypeSelect value={fields.userType} onChange={set('userType')} error={errors.userType} />
          <Button type="submit" fullWidth loading={loading} mt="xs">
            Sign Up
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
