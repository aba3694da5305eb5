import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useAnalytics } from '../analytics/sink.ts'

/**
 * Sends a page-view event on every route change (part 1 §2). Hash changes (chart zoom, tabs, search
 * text) are not page views. The page's own title effect has already run (children's effects first),
 * so the title is the new page's.
 */
export function usePageViews(): void {
  const { pathname, search } = useLocation()
  const analytics = useAnalytics()
  // null until the first view: its referrer is the document's (read in the effect, never on a server).
  const previous = useRef<string | null>(null)
  useEffect(() => {
    const path = `${pathname}${search}`
    analytics.trackPageView(path, document.title, previous.current ?? document.referrer)
    previous.current = `${window.location.origin}${path}`
  }, [pathname, search, analytics])
}
