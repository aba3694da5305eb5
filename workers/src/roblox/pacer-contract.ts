import { performance } from 'node:perf_hooks'
import { afterEach, describe, expect, it } from 'vitest'
import type { HostPacer } from './pacing.ts'

/**
 * Where a contract run's pacers draw their budgets: one Redis prefix, or one in-memory budgets map.
 * Each pacer it makes stands for a poller process (its own local queue, for Redis its own connection).
 */
export interface PacingDomain {
  pacer(egress: string, options: { readonly intervalMs: number; readonly jitter: number }): HostPacer
  /** Resolves once the fire-and-forget updates (penalize, relax) of every pacer reached the budgets. */
  settle(): Promise<void>
  close(): Promise<void>
}

/** Each call must give a domain of its own (a fresh prefix on a shared Redis). */
export type PacingDomainFactory = () => Promise<PacingDomain> | PacingDomain

/** Resolves every acquire in turn, recording the moment each was let through. */
async function releases(pacer: HostPacer, host: string, count: number, into: number[]): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async () => {
      await pacer.acquire(host)
      into.push(performance.now())
    }),
  )
}

/**
 * What every HostPacer must do: a budget per (egress, host), shared by every pacer of that egress and
 * apart from other egresses'. Real time, so only lower bounds of spacing and orders of release are
 * asserted: a loaded machine makes waits longer, never shorter. The in-memory pacer runs it in the
 * workers project, the Redis one against a real redis-server (test/src/roblox/).
 */
export function hostPacerContract(name: string, factory: PacingDomainFactory): void {
  describe(`HostPacer contract: ${name}`, () => {
    const opened: PacingDomain[] = []
    const domain = async () => {
      const d = await factory()
      opened.push(d)
      return d
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((d) => d.close()))
    })

    it("spaces one egress's requests to a host as one budget, however many pacers draw on it", async () => {
      const d = await domain()
      const intervalMs = 60
      const [a, b] = [
        d.pacer('egress-1', { intervalMs, jitter: 0 }),
        d.pacer('egress-1', { intervalMs, jitter: 0 }),
      ]
      const at: number[] = []
      await Promise.all([releases(a!, 'games', 4, at), releases(b!, 'games', 4, at)])
      at.sort((x, y) => x - y)
      // Apart, each pacer would let its four out within 3 intervals; sharing, the eight span 7. Half an
      // interval of margin covers a first release that came late.
      expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual(6.5 * intervalMs)
    })

    it('gives each egress its own budget, and each host of an egress its own', async () => {
      const d = await domain()
      const intervalMs = 1_000
      const a = d.pacer('egress-1', { intervalMs, jitter: 0 })
      const b = d.pacer('egress-2', { intervalMs, jitter: 0 })
      await a.acquire('games')
      const order: string[] = []
      // a's next games request waits a whole interval; b's (another egress) and a's thumbnails do not.
      await Promise.all([
        a.acquire('games').then(() => order.push('egress-1 games')),
        b.acquire('games').then(() => order.push('egress-2 games')),
        a.acquire('thumbnails').then(() => order.push('egress-1 thumbnails')),
      ])
      expect(order.at(-1)).toBe('egress-1 games')
    })

    it("holds back a throttled egress's other pacers, and widens their spacing, but not another egress's", async () => {
      const d = await domain()
      const intervalMs = 10
      const throttled = d.pacer('egress-1', { intervalMs, jitter: 0 })
      const sibling = d.pacer('egress-1', { intervalMs, jitter: 0 })
      const other = d.pacer('egress-2', { intervalMs, jitter: 0 })
      await Promise.all([throttled.acquire('games'), sibling.acquire('games'), other.acquire('games')])
      const penalizedAt = performance.now()
      throttled.penalize('games', 600)
      await d.settle()
      const order: string[] = []
      let siblingAt = 0
      await Promise.all([
        sibling.acquire('games').then(() => {
          siblingAt = performance.now()
          order.push('sibling')
        }),
        other.acquire('games').then(() => order.push('other')),
      ])
      expect(order).toEqual(['other', 'sibling'])
      expect(siblingAt - penalizedAt).toBeGreaterThanOrEqual(590)
      expect(sibling.slowdown('games')).toBe(2)
      expect(other.slowdown('games')).toBe(1)
    })

    it('stops waiting when the request is aborted, and the host stays usable', async () => {
      const d = await domain()
      const pacer = d.pacer('egress-1', { intervalMs: 10, jitter: 0 })
      await pacer.acquire('thumbnails')
      pacer.penalize('thumbnails', 60_000)
      await d.settle()
      const controller = new AbortController()
      const waiting = pacer.acquire('thumbnails', controller.signal)
      controller.abort(new Error('poll cancelled'))
      await expect(waiting).rejects.toThrow('poll cancelled')
      // Another host is not held up by the throttled one.
      await pacer.acquire('games')
    })
  })
}
