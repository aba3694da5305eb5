import { Button, PasswordInput, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import { Link, Navigate } from 'react-router'
import { AuthCard, AuthMessage } from '../../account/AuthCard.tsx'
import { forgetAccountToken } from '../../account/account-token.ts'
import { applySession } from '../../account/session-actions.ts'
import { useAccountToken } from '../../account/use-account-token.ts'
import {
  type FieldError,
  type PasswordPair,
  passwordPairErrors,
  passwordPairValid,
} from '../../account/validation.ts'
import { apiSend } from '../../api/client.ts'
import { usePageMeta } from '../../shell/page-meta.ts'

export const PASSWORD_CHANGED = 'Password change successful!'
const EMPTY: PasswordPair = { password: '', confirm: '' }

/**
 * /change-password (part 2 §2.13): New Password and Confirm Password with the reset link's token. The
 * fields are cleared after every attempt (part 2 §4), one the form's own checks stop included: its
 * messages stay until a field is typed in again, and the focus goes back to New Password. A failure of
 * the call is swallowed (part 2 §8). The server revokes every session of the account, so the app becomes
 * a visitor's and Continue leads to /sign-in.
 */
export function ChangePasswordPage() {
  usePageMeta({ title: 'Change Password', noIndex: true })
  const queryClient = useQueryClient()
  const token = useAccountToken('change-password')
  const [pair, setPair] = useState<PasswordPair>(EMPTY)
  const [submitted, setSubmitted] = useState(false)
  // The messages of an attempt the checks stopped, kept over the cleared fields until the next keystroke.
  const [stopped, setStopped] = useState<{ password: FieldError; confirm: FieldError } | null>(null)
  const first = useRef<HTMLInputElement>(null)
  const [loading, setLoading] = useState(false)
  const [done, setDone] = useState(false)
  if (!token) return <Navigate to="/overview" replace />

  const errors = stopped ?? passwordPairErrors(pair, submitted)
  const edit = (change: Partial<PasswordPair>) => {
    setStopped(null)
    setPair((p) => ({ ...p, ...change }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!passwordPairValid(pair)) {
      setStopped(passwordPairErrors(pair, true))
      setSubmitted(true)
      setPair(EMPTY)
      first.current?.focus()
      return
    }
    setLoading(true)
    try {
      await apiSend('POST', '/api/auth/password/change', { token, password: pair.password }, 'okResponse')
      forgetAccountToken('change-password')
      applySession(queryClient, null)
      setDone(true)
    } catch {
      // Part 2 §8: change-password errors are swallowed without a message.
    } finally {
      setPair(EMPTY)
      setSubmitted(false)
      setLoading(false)
    }
  }

  if (done) {
    return (
      <AuthCard title={PASSWORD_CHANGED} focusTitle>
        <AuthMessage>
          <Text c="dimmed" size="sm">
            Sign in with your new password.
          </Text>
        </AuthMessage>
        <Button component={Link} to="/sign-in" fullWidth>
          Continue
        </Button>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Change Password" tagline="Choose a new password of at least 8 characters.">
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="sm">
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            value={pair.password}
            ref={first}
            onChange={(e) => edit({ password: e.currentTarget.value })}
            error={errors.password}
            // Mantine marks only its wrapper: screen readers learn of the error from the input.
            aria-invalid={errors.password !== undefined}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            value={pair.confirm}
            onChange={(e) => edit({ confirm: e.currentTarget.value })}
            error={errors.confirm}
            aria-invalid={errors.confirm !== undefined}
          />
          <Button type="submit" fullWidth loading={loading}>
            Change Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
