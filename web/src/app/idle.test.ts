import { describe, expect, it } from 'vitest'
import { type IdleScope, pageLoaded, whenIdle } from './idle.ts'

/** A window whose load event, idle callbacks and timeouts the test fires itself. */
function fakeWindow(readyState: DocumentReadyState, withIdle: boolean) {
  const loads: (() => void)[] = []
  const idles: { callback: () => void; timeout: number }[] = []
  const timeouts: { callback: () => void; ms: number }[] = []
  const scope: IdleScope = {
    document: { readyState },
    addEventListener: (_type, listener) => {
      loads.push(listener)
    },
    ...(withIdle
      ? {
          requestIdleCallback: (callback: () => void, options: { timeout: number }) =>
            idles.push({ callback, timeout: options.timeout }),
        }
      : {}),
    setTimeout: (callback, ms) => timeouts.push({ callback, ms }),
  }
  return { scope, loads, idles, timeouts }
}

/** Whether the promise has settled once the pending microtasks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(() => {
    done = true
  })
  await Promise.resolve()
  await Promise.resolve()
  return done
}

describe('pageLoaded', () => {
  it('resolves at once on a page that has loaded', async () => {
    const w = fakeWindow('complete', true)
    expect(await settled(pageLoaded(w.scope))).toBe(true)
    expect(w.loads).toHaveLength(0)
  })

  it('waits for the load event otherwise', async () => {
    const w = fakeWindow('interactive', true)
    const loaded = pageLoaded(w.scope)
    expect(await settled(loaded)).toBe(false)
    w.loads[0]!()
    expect(await settled(loaded)).toBe(true)
  })
})

describe('whenIdle', () => {
  it('waits, then for an idle callback, asking for one within the timeout', async () => {
    const w = fakeWindow('complete', true)
    const idle = whenIdle({ afterMs: 3000, timeoutMs: 4000 }, w.scope)
    expect(w.timeouts.map((t) => t.ms)).toEqual([3000])
    expect(w.idles).toHaveLength(0)
    w.timeouts[0]!.callback()
    expect(w.idles.map((i) => i.timeout)).toEqual([4000])
    expect(await settled(idle)).toBe(false)
    w.idles[0]!.callback()
    expect(await settled(idle)).toBe(true)
  })

  it('falls back to a second timeout where the browser has no idle callbacks', async () => {
    const w = fakeWindow('complete', false)
    const idle = whenIdle({ afterMs: 3000, timeoutMs: 4000 }, w.scope)
    w.timeouts[0]!.callback()
    expect(w.timeouts.map((t) => t.ms)).toEqual([3000, 4000])
    expect(await settled(idle)).toBe(false)
    w.timeouts[1]!.callback()
    expect(await settled(idle)).toBe(true)
  })
})
