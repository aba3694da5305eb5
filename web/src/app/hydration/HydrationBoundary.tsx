import {
  createContext,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { type HydrationSchedule, IMMEDIATE_SCHEDULE } from './schedule.ts'

/** The app's hydration schedule (main.tsx makes one per page load; a server render needs none). */
export const HydrationContext = createContext<HydrationSchedule>(IMMEDIATE_SCHEDULE)

/**
 * A part of the page that hydrates in a task of its own (a card, a section, the top bar): on a
 * server-rendered page its markup stays as drawn, inert, until its turn comes (schedule.ts). Elsewhere
 * it renders at once. It adds no element: only the comments React marks a Suspense boundary with.
 * Wrap parts worth a task (tens of components); the tree outside boundaries hydrates first, in one go.
 */
export function HydrationBoundary({ children }: { readonly children: ReactNode }) {
  const schedule = use(HydrationContext)
  const id = useId()
  const [live, setLive] = useState(() => schedule.isOpen(id))
  const [committed, setCommitted] = useState(false)
  const onCommitted = useCallback(() => {
    setLive(true)
    setCommitted(true)
  }, [])
  // A layout effect, so every boundary of a commit is counted before any boundary reports (a passive
  // effect) and before the root does: readiness cannot slip in between.
  useLayoutEffect(() => {
    schedule.register(id)
    return () => schedule.unregister(id)
  }, [schedule, id])
  // Hydrated once the content has committed and the boundary drawn it with its latest props.
  useEffect(() => {
    if (live && committed) schedule.hydrated(id)
  }, [schedule, id, live, committed])
  const boundary = useMemo(
    () => (
      <Suspense fallback={null}>
        <Turn schedule={schedule} id={id} />
        {children}
        <Committed onCommitted={onCommitted} />
      </Suspense>
    ),
    [children, schedule, id, onCommitted],
  )
  // Until it has hydrated, the boundary keeps the element it was first drawn with: new props reaching
  // markup that has not hydrated make React drop that markup and draw the part anew. A change made
  // meanwhile (a parent drawn again) reaches the content as it goes live.
  const first = useRef(boundary)
  return live ? boundary : first.current
}

/** Suspends the boundary's content until its turn (React keeps the server's markup meanwhile). */
function Turn({ schedule, id }: { readonly schedule: HydrationSchedule; readonly id: string }) {
  // Only while it waits: a use() on every render (of a promise marked fulfilled) kept a boundary inside
  // a navigation's transition from drawing the new route at once (RankingsPage.test.tsx). React's
  // development build warns that use() was called conditionally; the production build does not.
  if (!schedule.isOpen(id)) use(schedule.turn(id))
  return null
}

/** Last in the boundary: its effect runs after those of the content before it. */
function Committed({ onCommitted }: { readonly onCommitted: () => void }) {
  useEffect(onCommitted, [onCommitted])
  return null
}

/**
 * `value` as it was when the component mounted, until the page has hydrated; then `value`. For what a
 * component hands down through a context from data that may land while the page hydrates (a list's
 * icons): a boundary hydrating later would read the new value and no longer match the server's markup,
 * which React then throws away. Props need no such care (a boundary keeps the element it was drawn
 * with until it has hydrated); a server render and a page drawn in the browser get `value` at once or
 * as soon as their first commit is done.
 */
export function useHeldUntilHydrated<T>(value: T): T {
  const schedule = use(HydrationContext)
  // A function is a value here too, not an initializer to call.
  const [held] = useState(() => value)
  const [ready, setReady] = useState(schedule.ready)
  useEffect(() => {
    if (ready) return
    return schedule.onceReady(() => setReady(true))
  }, [schedule, ready])
  return ready ? value : held
}

/**
 * Tells the schedule that the tree outside the boundaries has committed (hydrated, or drawn in the
 * browser) and its effects have run. Effects never run in a server render.
 */
export function RootCommitted() {
  const schedule = use(HydrationContext)
  useEffect(() => schedule.rootCommitted(), [schedule])
  return null
}
