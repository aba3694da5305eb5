import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'
import classes from './NavigationProgress.module.css'

/** A navigation that settles sooner shows no bar: it would only flicker. */
export const NAVIGATION_PROGRESS_DELAY_MS = 150

/**
 * A thin bar along the top of the window while an in-app navigation waits on its data or code (the
 * router's navigation state is not idle), so the page left on screen is visibly on its way out. It
 * shows only after a short delay, lies over the layout rather than in it, and is announced as a busy
 * progress bar.
 */
export function NavigationProgress({ delayMs = NAVIGATION_PROGRESS_DELAY_MS }: { delayMs?: number }) {
  const busy = useNavigation().state !== 'idle'
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!busy) {
      setShown(false)
      return
    }
    const timer = setTimeout(() => setShown(true), delayMs)
    return () => clearTimeout(timer)
  }, [busy, delayMs])
  if (!busy || !shown) return null
  return (
    <div className={classes.bar} role="progressbar" aria-label="Loading page" aria-busy="true">
      <div className={classes.indicator} />
    </div>
  )
}
