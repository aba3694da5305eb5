import type { UserType } from '@ludex/schemas'
import { Button, Modal, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { apiSend } from '../api/client.ts'
import { SESSION_QUERY_KEY } from '../api/queries.ts'
import { toast } from '../ui/toasts.ts'
import { InterestsSelect, UserTypeSelect } from './ProfileSelectors.tsx'
import { onboardingErrors } from './validation.ts'

export const ONBOARDING_TITLE = 'Complete Your User Registration'

/**
 * The onboarding modal (part 1 §2): interests and user type, both required (part 1 §5: otherwise the
 * fields are marked and nothing is sent). It cannot be closed by clicking outside; completing it sends
 * both and closes it (the session answer no longer needs onboarding).
 */
export function OnboardingModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient()
  const [interests, setInterests] = useState<string[]>([])
  const [userType, setUserType] = useState<string | null>(null)
  const [submitted, setSubmitted] = useState(false)
  const [loading, setLoading] = useState(false)
  const errors = onboardingErrors({ interests, userType }, submitted)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (interests.length === 0 || !userType) return
    setLoading(true)
    try {
      const user = await apiSend(
        'PUT',
        '/api/users/me/onboarding',
        { interests, user_type: userType as UserType },
        'sessionUser',
      )
      queryClient.setQueryData(SESSION_QUERY_KEY, user)
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not complete the registration')
    } finally {
      setLoading(false)
    }
  }

  return (
    <Modal opened onClose={onClose} title={ONBOARDING_TITLE} closeOnClickOutside={false} centered size="lg">
      <form onSubmit={submit} noValidate aria-label={ONBOARDING_TITLE}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Tell us what you follow and what describes you best, so Ludex can show what matters to you.
          </Text>
          <InterestsSelect value={interests} onChange={setInterests} error={errors.interests} />
          <UserTypeSelect value={userType} onChange={setUserType} error={errors.userType} />
          <Button type="submit" loading={loading}>
            Complete Registration
          </Button>
        </Stack>
      </form>
    </Modal>
  )
}
