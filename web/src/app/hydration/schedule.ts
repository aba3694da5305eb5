import { nextTask } from '../next-task.ts'

/**
 * The order in which a server-rendered page comes alive. React hydrates the tree outside Suspense
 * boundaries in one commit, and every boundary that is ready in the same pass in one more: on a phone
 * that is one long task for the whole page. Here each boundary's content waits for its turn
 * (`HydrationBoundary`'s gate), and turns are given one at a time, each in a task of its own once the
 * one before has hydrated, so every boundary's render, commit and effects are tasks of their own and the
 * browser can handle input between them.
 *
 * It also says when the page is ready (`html[data-app-ready]`, main.tsx): once the tree outside the
 * boundaries has committed and every boundary on the page (those inside others included, which appear
 * as their parent hydrates) has hydrated. A boundary that leaves the page (an error page replaces it)
 * stops counting.
 */
export interface HydrationSchedule {
  /** Whether a boundary's content may render now: its turn came, or nothing is staged. */
  isOpen(id: string): boolean
  /** Resolves when the boundary's turn comes (the same promise for an id, as React's `use` expects). */
  turn(id: string): Promise<void>
  /** A boundary is on the page (its frame committed); its content hydrates in its turn. */
  register(id: string): void
  /** The boundary's content has hydrated or rendered, and its effects have run. */
  hydrated(id: string): void
  /** The boundary left the page before it hydrated. */
  unregister(id: string): void
  /** The tree outside the boundaries has committed and its effects have run. */
  rootCommitted(): void
  /** True once the page is ready (then every boundary that appears later renders at once). */
  readonly ready: boolean
  /** Calls `listener` once the page is ready (at once if it is); returns a function that cancels it. */
  onceReady(listener: () => void): () => void
}

export interface ScheduleOptions {
  /**
   * Give the boundaries turns (a hydrating page). Otherwise every boundary renders at once (a page
   * drawn in the browser, or the server render) and readiness only waits for them to commit.
   */
  readonly staged: boolean
  /** Called once, when the page becomes ready. */
  readonly onReady?: () => void
  /** Starts a task (the next turn runs in a task of its own); defaults to `nextTask` (next-task.ts). */
  readonly nextTask?: (run: () => void) => void
  /**
   * A turn that has not hydrated after this long (its content waits on something else: code or data
   * still loading) lets the next one start. Order only: readiness still waits for every boundary.
   */
  readonly turnTimeoutMs?: number
  /** Told of each boundary's turn and hydration (main.tsx: user timing marks, for DevTools and tests). */
  readonly trace?: (event: 'turn' | 'hydrated', id: string) => void
}

/** How long a boundary's turn may hold the others back (`turnTimeoutMs`). */
export const TURN_TIMEOUT_MS = 250

export function createHydrationSchedule(options: ScheduleOptions): HydrationSchedule {
  const startTask = options.nextTask ?? ((run: () => void) => void nextTask().then(run))
  const turnTimeoutMs = options.turnTimeoutMs ?? TURN_TIMEOUT_MS
  /** Registered boundaries waiting for their turn, in the order they appeared. */
  const queue: string[] = []
  /** On the page and not hydrated yet. */
  const pending = new Set<string>()
  const opened = new Set<string>()
  const turns = new Map<string, { promise: Promise<void>; resolve: () => void }>()
  /** The boundary whose turn it is and that has not hydrated yet. */
  let current: string | null = null
  let currentTimer: ReturnType<typeof setTimeout> | undefined
  let startScheduled = false
  let rootDone = false
  let ready = false
  const readyListeners = new Set<() => void>()

  const turnOf = (id: string) => {
    let turn = turns.get(id)
    if (!turn) {
      let resolve = () => {}
      const promise = new Promise<void>((r) => {
        resolve = r
      })
      turn = { promise, resolve }
      turns.set(id, turn)
    }
    return turn
  }

  const open = (id: string) => {
    opened.add(id)
    turnOf(id).resolve()
  }

  const isOpen = (id: string) => !options.staged || ready || opened.has(id)

  const checkReady = () => {
    if (ready || !rootDone || pending.size > 0) return
    ready = true
    // Whatever still waits (nothing should) may render now.
    for (const id of queue.splice(0)) open(id)
    options.onReady?.()
    for (const listener of readyListeners) listener()
    readyListeners.clear()
  }

  /** Gives the next boundary its turn, in a task of its own, once the current one is done. */
  const advance = () => {
    if (!options.staged || !rootDone || current !== null || startScheduled || queue.length === 0) return
    startScheduled = true
    startTask(() => {
      startScheduled = false
      if (current !== null) return
      const id = queue.shift()
      if (id === undefined) return
      current = id
      currentTimer = setTimeout(() => finishTurn(id), turnTimeoutMs)
      options.trace?.('turn', id)
      open(id)
    })
  }

  const finishTurn = (id: string) => {
    if (current !== id) return
    clearTimeout(currentTimer)
    current = null
    advance()
  }

  const leave = (id: string) => {
    pending.delete(id)
    const queued = queue.indexOf(id)
    if (queued >= 0) queue.splice(queued, 1)
    finishTurn(id)
    checkReady()
  }

  return {
    isOpen,
    turn: (id) => turnOf(id).promise,
    register(id) {
      if (ready || opened.has(id) || pending.has(id)) return
      pending.add(id)
      if (options.staged) queue.push(id)
      advance()
    },
    hydrated(id) {
      if (pending.has(id)) options.trace?.('hydrated', id)
      leave(id)
    },
    unregister: leave,
    rootCommitted() {
      if (rootDone) return
      rootDone = true
      advance()
      checkReady()
    },
    get ready() {
      return ready
    },
    onceReady(listener) {
      if (ready) {
        listener()
        return noop
      }
      readyListeners.add(listener)
      return () => readyListeners.delete(listener)
    },
  }
}

const noop = () => {}
const resolved = Promise.resolve()

/**
 * Every boundary renders at once and nothing is tracked: a server render (whose effects never run) and
 * components drawn without an app around them (tests).
 */
export const IMMEDIATE_SCHEDULE: HydrationSchedule = Object.freeze({
  isOpen: () => true,
  turn: () => resolved,
  register: noop,
  hydrated: noop,
  unregister: noop,
  rootCommitted: noop,
  ready: true,
  onceReady: (listener: () => void) => {
    listener()
    return noop
  },
})
