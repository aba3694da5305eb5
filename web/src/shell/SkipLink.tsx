import type { MouseEvent } from 'react'
import classes from './SkipLink.module.css'

/** The id of the shell's main landmark, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content'

/**
 * 'Skip to main content': the shell's first focusable element, shown when it has the focus, moving the
 * focus to the main landmark past the top bar and the sidebar. The address's hash holds the app's
 * parameters (an unknown key is an error, part 1 §5), so the app moves the focus itself rather than
 * following the link; main.tsx drops the fragment when a click before start-up followed it.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID)
    if (!main) return
    event.preventDefault()
    main.focus()
  }
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.link} onClick={skip}>
      Skip to main content
    </a>
  )
}
