import { lazy, Suspense, useState } from 'react'
import { useViewer } from './viewer.ts'

const OnboardingModal = lazy(() =>
  import('../account/OnboardingModal.tsx').then((m) => ({ default: m.OnboardingModal })),
)

/**
 * Opens the onboarding modal for a signed-in user whose registration is incomplete (part 1 §2). There is
 * no cookie prompt yet, so it never waits for one. The modal's code loads only when it is needed.
 * Dismissed (Escape, the close button) it stays shut until the next visit.
 */
export function OnboardingGate() {
  const viewer = useViewer()
  const [dismissed, setDismissed] = useState(false)
  if (viewer.kind !== 'user' || !viewer.user.needs_onboarding || dismissed) return null
  return (
    <Suspense fallback={null}>
      <OnboardingModal onClose={() => setDismissed(true)} />
    </Suspense>
  )
}
