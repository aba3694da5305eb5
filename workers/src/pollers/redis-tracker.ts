import type { Redis } from 'ioredis'
import { z } from 'zod'
import { chunk } from '../roblox/chunk.ts'
import { type ExperienceRef, TrackedView, type Tracker, type TrackingSource } from './tracker.ts'

export interface RedisTrackerOptions {
  /** A connection the caller owns (and closes). */
  readonly redis: Redis
  /** Key prefix (SCHEDULER_PREFIX): the set and the log live under `<prefix>:tracker:`. */
  readonly prefix: string
}

export class TrackerStoreError extends Error {
  constructor(operation: string, options: { cause: unknown }) {
    super(`shared tracker: ${operation} failed`, options)
    this.name = 'TrackerStoreError'
  }
}

/**
 * Adds the experiences whose universe is not in the set yet: each new one joins the set and is appended
 * to the log, atomically, so every process reads the same log in the same order. KEYS: set, log.
 * ARGV: universe id and entry (JSON) pairs. Returns how many were new.
 */
const ADD = `
local added = 0
for i = 1, #ARGV, 2 do
  if redis.call('SADD', KEYS[1], ARGV[i]) == 1 then
    redis.call('RPUSH', KEYS[2], ARGV[i + 1])
    added = added + 1
  end
end
return added
`

/** Experiences per script call: bounds how long one call holds the server. */
const ADD_CHUNK = 500

/** One log entry; short names, as the log holds one per tracked experience. */
const logEntry = z.object({
  u: z.number().int().positive(),
  p: z.number().int().positive(),
  s: z.enum(['seed', 'discovery', 'tag']),
  t: z.number(),
})

/**
 * The tracker of the distributed shape. The tracked set is an append-only log in Redis (a list, plus a
 * set for the first-source-wins check); this process mirrors it, and since entries are only ever
 * appended, a refresh reads just the entries past the ones it has (one LRANGE, empty when nothing
 * changed). Adds go through to Redis and then refresh, so the mirror keeps the log's order.
 * Resolves once the mirror holds the whole log.
 */
export async function createRedisTracker(options: RedisTrackerOptions): Promise<Tracker> {
  const { redis } = options
  const setKey = `${options.prefix}:tracker:universes`
  const logKey = `${options.prefix}:tracker:log`
  const view = new TrackedView()
  let cursor = 0

  const pull = async () => {
    let raw: string[]
    try {
      raw = await redis.lrange(logKey, cursor, -1)
    } catch (err) {
      throw new TrackerStoreError('refresh', { cause: err })
    }
    for (const text of raw) {
      const e = logEntry.parse(JSON.parse(text))
      view.put({ universeId: e.u, placeId: e.p, source: e.s, since: e.t })
    }
    cursor += raw.length
  }

  // One pull at a time; a caller arriving while one runs waits for the next, which starts after its
  // own writes (commands on one connection run in order), so it always sees them.
  let running: Promise<void> | null = null
  let queued: Promise<void> | null = null
  const refresh = (): Promise<void> => {
    if (queued) return queued
    if (running) {
      const next: Promise<void> = running
        .catch(() => {})
        .then(() => {
          queued = null
          return start()
        })
      queued = next
      return next
    }
    return start()
  }
  const start = (): Promise<void> => {
    const current = pull().finally(() => {
      if (running === current) running = null
    })
    running = current
    return current
  }

  const addAll = async (experiences: readonly ExperienceRef[], source: TrackingSource, at: number) => {
    let added = 0
    for (const part of chunk(experiences, ADD_CHUNK)) {
      const args = part.flatMap((e) => [
        String(e.universeId),
        JSON.stringify({ u: e.universeId, p: e.placeId, s: source, t: at }),
      ])
      try {
        added += Number(await redis.eval(ADD, 2, setKey, logKey, ...args))
      } catch (err) {
        throw new TrackerStoreError('add', { cause: err })
      }
    }
    await refresh()
    return added
  }

  await refresh()
  return {
    addAll,
    add: async (experience, source, at) => (await addAll([experience], source, at)) === 1,
    refresh,
    has: (universeId) => view.has(universeId),
    placeIdOf: (universeId) => view.placeIdOf(universeId),
    list: () => view.list(),
    get size() {
      return view.size
    },
  }
}
