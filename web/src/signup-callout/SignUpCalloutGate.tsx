import { SIGNUP_CALLOUT_DELAY_MS } from '@ludex/schemas'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { promptShowing, useConsent } from '../consent/consent.ts'
import { useViewer } from '../shell/viewer.ts'
import { calloutDismissed, calloutHiddenOn, readDismissal, storeDismissal } from './callout.ts'

const SignUpCallout = lazy(() => import('./SignUpCallout.tsx').then((m) => ({ default: m.SignUpCallout })))

/**
 * When the sign-up callout shows (part 1 §2): to visitors, 3 s after the cookie prompt is settled,
 * unless dismissed in the last 30 days, and never on the sign-in, sign-up and legal pages. Its code
 * loads only then. Nothing of it is drawn by a server render (the dismissal lives in this browser).
 */
export function SignUpCalloutGate() {
  const viewer = useViewer()
  const consent = useConsent()
  const { pathname } = useLocation()
  // Unknown until read in the browser, after the first render.
  const [dismissed, setDismissed] = useState<boolean | null>(null)
  const [due, setDue] = useState(false)
  useEffect(() => {
    setDismissed(calloutDismissed(readDismissal(window.localStorage), Date.now()))
  }, [])
  const waiting = viewer.kind === 'visitor' && dismissed === false && !promptShowing(consent)
  useEffect(() => {
    if (!waiting || due) return
    const timer = setTimeout(() => setDue(true), SIGNUP_CALLOUT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [waiting, due])
  if (!waiting || !due || calloutHiddenOn(pathname)) return null
  return (
    <Suspense fallback={null}>
      <SignUpCallout
        onDismiss={() => {
          storeDismissal(window.localStorage, Date.now())
          setDismissed(true)
        }}
      />
    </Suspense>
  )
}
