import { useMounted } from '@mantine/hooks'
import { lazy, Suspense, useState } from 'react'
import { promptShowing, useConsent } from '../consent/consent.ts'
import { useViewer } from './viewer.ts'

const OnboardingModal = lazy(() =>
  import('../account/OnboardingModal.tsx').then((m) => ({ default: m.OnboardingModal })),
)

/**
 * Opens the onboarding modal for a signed-in user whose registration is incomplete, once the cookie
 * prompt is not showing (part 1 §2). The modal's code loads only when it is needed.
 * Dismissed (Escape, the close button) it stays shut until the next visit. Only once mounted: the
 * modal is a portal a server render never draws, and a lazy module met while rendering on the server
 * would leave a boundary the browser must redraw (React's hydration error #419).
 */
export function OnboardingGate() {
  const viewer = useViewer()
  const mounted = useMounted()
  const [dismissed, setDismissed] = useState(false)
  const consent = useConsent()
  if (!mounted || viewer.kind !== 'user' || !viewer.user.needs_onboarding || dismissed) return null
  if (promptShowing(consent)) return null
  return (
    <Suspense fallback={null}>
      <OnboardingModal onClose={() => setDismissed(true)} />
    </Suspense>
  )
}
