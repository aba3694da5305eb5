import { type RefObject, useEffect, useState } from 'react'

/**
 * Whether the element has come within `margin` of the viewport, once: it stays true afterwards. Charts
 * below the fold wait for it, so a page's first load does not fetch and run Plotly for figures nobody
 * sees yet. Without IntersectionObserver (old browsers, jsdom) everything counts as near.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  // A server render draws no chart (the browser decides once it can see the page); a browser without
  // IntersectionObserver draws every chart at once.
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  )
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, margin, near])
  return near
}
