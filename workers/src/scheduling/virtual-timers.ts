import type { Clock } from './clock.ts'
import type { SetTimer } from './in-process-scheduler.ts'

/** Lets the work a fired timer started (microtasks, I/O callbacks already due) run before going on. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Virtual time for the in-process scheduler's injected clock and timer (tests): nothing fires until the
 * test advances the clock, and then every due timer fires in order, so a test says exactly which
 * boundaries have come and which have not.
 */
export function virtualTimers(start: number) {
  let now = start
  let seq = 0
  const timers = new Map<number, { at: number; fire: () => void }>()
  const setTimer: SetTimer = (fire, delayMs) => {
    const id = seq++
    timers.set(id, { at: now + Math.max(0, delayMs), fire })
    return () => timers.delete(id)
  }
  const clock: Clock = { now: () => now }
  return {
    clock,
    setTimer,
    /** Timers armed and not yet fired or cancelled. */
    pending: () => timers.size,
    /** Moves the clock to t, firing each timer due by then at its own time, in order. */
    async advanceTo(t: number): Promise<void> {
      for (;;) {
        const due = [...timers.entries()].filter(([, v]) => v.at <= t).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        timers.delete(due[0])
        now = due[1].at
        due[1].fire()
        await settle()
      }
      now = t
      await settle()
    },
  }
}
