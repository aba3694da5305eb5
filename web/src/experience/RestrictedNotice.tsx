import type { Experience } from '@ludex/schemas'
import { Alert } from '@mantine/core'
import { IconEyeOff } from '@tabler/icons-react'
import { formatDate } from './format.ts'

/**
 * Shown while upstream censors the experience (restricted_since set): readers must know the counters
 * stopped and why, rather than take a flat line for a dead game.
 */
export function RestrictedNotice({ experience }: { experience: Pick<Experience, 'restricted_since'> }) {
  if (experience.restricted_since === null) return null
  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      icon={<IconEyeOff size={18} aria-hidden />}
      title="Restricted on Roblox"
      data-testid="restricted-notice"
    >
      Since {formatDate(experience.restricted_since)}, Roblox no longer shows this experience: it is
      restricted, private or deleted. The figures here are the last ones seen before that, and it is left out
      of the platform totals until it comes back.
    </Alert>
  )
}
