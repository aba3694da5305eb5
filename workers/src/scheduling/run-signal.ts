import { setMaxListeners } from 'node:events'

/**
 * A job run's abort signal, shared by everything the run does at once: at 100,000 experiences a run
 * waits for dozens of pacer turns and requests together, each listening for the abort, and Node warned
 * (MaxListenersExceededWarning) past ten listeners. Every listener is removed when its wait ends, so
 * there is no leak to warn about: the signal takes any number.
 */
export function runSignal(signal: AbortSignal): AbortSignal {
  // Infinity, not 0 (also no limit): Node 20's getMaxListeners throws on an EventTarget whose limit is 0.
  setMaxListeners(Number.POSITIVE_INFINITY, signal)
  return signal
}
