import { closedPort } from '@ludex/pipelines/testing'
import { loadConfig } from '@ludex/schemas'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { openSharedState, SharedStateError } from './shared-state.ts'

const logger = pino({ level: 'silent' })
const clock = { now: () => Date.now() }

// The Redis selection against a real redis-server: test/src/shared-state/selection.test.ts.
describe('openSharedState', () => {
  it('selects the in-memory adapters without REDIS_URL', async () => {
    const state = await openSharedState(loadConfig({}), logger, { clock })
    expect(state.kind).toBe('memory')
    // One tracker for the process: every poller and the start-up restore see the same set.
    const tracker = await state.tracker()
    expect(await state.tracker()).toBe(tracker)
    await tracker.add({ universeId: 5, placeId: 50 }, 'seed', 1)
    expect((await state.tracker()).list().map((t) => t.universeId)).toEqual([5])
    await state.trackingRequests.request([70, 71])
    expect(await state.trackingRequests.take(5)).toEqual([70, 71])
    await state.changeMemory.remember([['play:5', '1']])
    expect(await state.changeMemory.recall(['play:5'])).toEqual(new Map([['play:5', '1']]))
    expect(await state.cache.get('k', 60_000, async () => 'v')).toBe('v')
    expect(await state.cache.get('k', 60_000, async () => 'w')).toBe('v')
    const rule = { limit: 1, windowMs: 60_000 }
    expect((await state.rateLimiter.take('login:ip:1', rule)).allowed).toBe(true)
    expect((await state.rateLimiter.take('login:ip:1', rule)).allowed).toBe(false)
    await state.close()
  })

  it('refuses to start when REDIS_URL cannot be reached, saying so', async () => {
    const config = loadConfig({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` })
    const opening = openSharedState(config, logger, { clock })
    await expect(opening).rejects.toBeInstanceOf(SharedStateError)
    await expect(opening).rejects.toThrow(/REDIS_URL/)
  })
})
