import { SIGNUP_CALLOUT_SHAKE_DURATION_MS, SIGNUP_CALLOUT_SHAKE_EVERY_MS } from '@ludex/schemas'
import { Anchor, CloseButton } from '@mantine/core'
import { useReducedMotion } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { CALLOUT_TEXT } from './callout.ts'
import classes from './SignUpCallout.module.css'

/**
 * The floating sign-up callout (part 1 §2): a link to /sign-up that shakes every 5 s, each shake about
 * 820 ms, unless the visitor asks for reduced motion; its close button dismisses it.
 */
export function SignUpCallout({ onDismiss }: { onDismiss: () => void }) {
  const reducedMotion = useReducedMotion()
  const [shaking, setShaking] = useState(false)
  useEffect(() => {
    if (reducedMotion) return
    let settle: ReturnType<typeof setTimeout> | undefined
    const every = setInterval(() => {
      setShaking(true)
      settle = setTimeout(() => setShaking(false), SIGNUP_CALLOUT_SHAKE_DURATION_MS)
    }, SIGNUP_CALLOUT_SHAKE_EVERY_MS)
    return () => {
      clearInterval(every)
      clearTimeout(settle)
      setShaking(false)
    }
  }, [reducedMotion])
  return (
    <aside
      className={classes.callout}
      aria-label="Sign up"
      data-signup-callout=""
      data-shaking={shaking || undefined}
    >
      <Anchor component={Link} to="/sign-up" fw={600}>
        {CALLOUT_TEXT}
      </Anchor>
      <CloseButton aria-label="Dismiss" onClick={onDismiss} />
    </aside>
  )
}
