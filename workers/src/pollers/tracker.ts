import type { Logger } from 'pino'
import type { RobloxClient } from '../roblox/client.ts'

export type TrackingSource = 'seed' | 'discovery'

export interface TrackedExperience {
  readonly universeId: number
  /** Root place id: the id routes and the API use. */
  readonly placeId: number
  readonly source: TrackingSource
  readonly since: number
}

/**
 * The experiences Ludex polls. Synchronous and in memory for the embedded shape; a persistent store
 * can implement it with a write-behind cache (reads must stay cheap: every poller lists it).
 */
export interface Tracker {
  /** Adds an experience; false when its universe is already tracked (the first source wins). */
  add(experience: { universeId: number; placeId: number }, source: TrackingSource, at: number): boolean
  has(universeId: number): boolean
  placeIdOf(universeId: number): number | undefined
  /** In insertion order, so sweeps are stable. */
  list(): readonly TrackedExperience[]
  readonly size: number
}

export function createInMemoryTracker(): Tracker {
  const byUniverse = new Map<number, TrackedExperience>()
  return {
    add({ universeId, placeId }, source, at) {
      if (byUniverse.has(universeId)) return false
      byUniverse.set(universeId, { universeId, placeId, source, since: at })
      return true
    },
    has: (universeId) => byUniverse.has(universeId),
    placeIdOf: (universeId) => byUniverse.get(universeId)?.placeId,
    list: () => [...byUniverse.values()],
    get size() {
      return byUniverse.size
    },
  }
}

export interface SeedResult {
  readonly added: number
  readonly unresolved: readonly number[]
}

/** Resolves the seed place ids (SEED_PLACE_IDS) to universes and tracks them. */
export async function trackSeedPlaces(
  client: RobloxClient,
  tracker: Tracker,
  placeIds: readonly number[],
  at: number,
  logger: Logger,
): Promise<SeedResult> {
  let added = 0
  const unresolved: number[] = []
  await Promise.all(
    placeIds.map(async (placeId) => {
      try {
        const universeId = await client.getUniverseIdForPlace(placeId)
        if (universeId === null) {
          unresolved.push(placeId)
          return
        }
        if (tracker.add({ universeId, placeId }, 'seed', at)) added++
      } catch (err) {
        logger.warn({ err, placeId }, 'could not resolve seed place to a universe')
        unresolved.push(placeId)
      }
    }),
  )
  if (unresolved.length > 0) logger.warn({ unresolved }, 'seed places upstream does not know')
  return { added, unresolved }
}
