import { Button, Center, Loader, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, Navigate } from 'react-router'
import { AuthCard, AuthMessage } from '../../account/AuthCard.tsx'
import { forgetAccountToken } from '../../account/account-token.ts'
import { applySession } from '../../account/session-actions.ts'
import { useAccountToken } from '../../account/use-account-token.ts'
import { apiSend } from '../../api/client.ts'
import { usePageMeta } from '../../shell/page-meta.ts'

export const EMAIL_VERIFIED = 'Email verified — you’re all set!'
export const EMAIL_VERIFICATION_FAILED = 'Email verification failed'

type State = 'verifying' | 'verified' | 'failed'

/**
 * /verify-email (part 2 §2.14): verifies the link's token on load; verified signs the user in (the
 * session is restored) and Continue leads to /overview.
 */
export function VerifyEmailPage() {
  usePageMeta({ title: 'Verify Email', noIndex: true })
  const queryClient = useQueryClient()
  const token = useAccountToken('verify-email')
  const [state, setState] = useState<State>('verifying')
  // Tokens are single-use: one call, even when effects run twice (development's strict mode).
  const started = useRef(false)

  useEffect(() => {
    if (!token || started.current) return
    started.current = true
    apiSend('POST', '/api/auth/verify-email', { token }, 'sessionUser')
      .then(
        (user) => {
          applySession(queryClient, user)
          setState('verified')
        },
        () => setState('failed'),
      )
      .finally(() => forgetAccountToken('verify-email'))
  }, [token, queryClient])

  if (!token) return <Navigate to="/overview" replace />
  if (state === 'verifying') {
    return (
      <Center py="xl">
        <Loader aria-label="Verifying your email" />
      </Center>
    )
  }
  return (
    <AuthCard title={state === 'verified' ? EMAIL_VERIFIED : EMAIL_VERIFICATION_FAILED} focusTitle>
      <AuthMessage>
        <Text c="dimmed" size="sm">
          {state === 'verified'
            ? 'Your account is ready and you are signed in.'
            : 'The link is invalid, already used or expired. Sign in to get a new one.'}
        </Text>
      </AuthMessage>
      <Button component={Link} to={state === 'verified' ? '/overview' : '/sign-in'} fullWidth>
        Continue
      </Button>
    </AuthCard>
  )
}
