import type { Logger } from 'pino'
import type { RobloxClient } from '../roblox/client.ts'

/** How an experience came to be tracked: seeded, discovered in the charts, or asked for by a tag. */
export type TrackingSource = 'seed' | 'discovery' | 'tag'

export interface TrackedExperience {
  readonly universeId: number
  /** Root place id: the id routes and the API use. */
  readonly placeId: number
  readonly source: TrackingSource
  readonly since: number
}

export interface ExperienceRef {
  readonly universeId: number
  readonly placeId: number
}

/**
 * The experiences Ludex polls. Reads are synchronous, from this process's view (every poller lists the
 * tracker, so they must stay cheap); writes go through to the store at once. In memory for the embedded
 * shape; with REDIS_URL the tracked set lives in Redis and every poller process shares it, so
 * `refresh()` brings in what other processes tracked (the poller jobs call it before they list).
 */
export interface Tracker {
  /**
   * Tracks each experience whose universe is not tracked yet (the first source wins, across every
   * process sharing the store); resolves to how many were new. Once it resolves, this view has them.
   */
  addAll(experiences: readonly ExperienceRef[], source: TrackingSource, at: number): Promise<number>
  /** One experience: `addAll([experience])`; true when it was new. */
  add(experience: ExperienceRef, source: TrackingSource, at: number): Promise<boolean>
  /** Brings this view up to date with the store (a no-op in memory). */
  refresh(): Promise<void>
  has(universeId: number): boolean
  placeIdOf(universeId: number): number | undefined
  /** In tracking order, so sweeps are stable. */
  list(): readonly TrackedExperience[]
  readonly size: number
}

/**
 * The tracked set of this view, in tracking order. Both adapters keep one: the in-memory tracker is
 * only this, the Redis one mirrors the shared log into it.
 */
export class TrackedView {
  readonly #byUniverse = new Map<number, TrackedExperience>()

  /** False when the universe is already there (the first entry wins). */
  put(entry: TrackedExperience): boolean {
    if (this.#byUniverse.has(entry.universeId)) return false
    this.#byUniverse.set(entry.universeId, entry)
    return true
  }

  has(universeId: number): boolean {
    return this.#byUniverse.has(universeId)
  }

  placeIdOf(universeId: number): number | undefined {
    return this.#byUniverse.get(universeId)?.placeId
  }

  list(): readonly TrackedExperience[] {
    return [...this.#byUniverse.values()]
  }

  get size(): number {
    return this.#byUniverse.size
  }
}

export function createInMemoryTracker(): Tracker {
  const view = new TrackedView()
  // Inserts happen before the promise is returned, so a caller that does not await still sees them.
  const addAll = (experiences: readonly ExperienceRef[], source: TrackingSource, at: number) => {
    let added = 0
    for (const { universeId, placeId } of experiences) {
      if (view.put({ universeId, placeId, source, since: at })) added++
    }
    return Promise.resolve(added)
  }
  return {
    addAll,
    add: (experience, source, at) => addAll([experience], source, at).then((n) => n === 1),
    refresh: () => Promise.resolve(),
    has: (universeId) => view.has(universeId),
    placeIdOf: (universeId) => view.placeIdOf(universeId),
    list: () => view.list(),
    get size() {
      return view.size
    },
  }
}

export interface SeedResult {
  readonly added: number
  readonly unresolved: readonly number[]
}

/** Resolves the seed place ids (SEED_PLACE_IDS) to universes and tracks them, in the order given. */
export async function trackSeedPlaces(
  client: RobloxClient,
  tracker: Tracker,
  placeIds: readonly number[],
  at: number,
  logger: Logger,
): Promise<SeedResult> {
  const unresolved: number[] = []
  const resolved = await Promise.all(
    placeIds.map(async (placeId): Promise<ExperienceRef | null> => {
      try {
        const universeId = await client.getUniverseIdForPlace(placeId)
        if (universeId !== null) return { universeId, placeId }
      } catch (err) {
        logger.warn({ err, placeId }, 'could not resolve seed place to a universe')
      }
      unresolved.push(placeId)
      return null
    }),
  )
  if (unresolved.length > 0) logger.warn({ unresolved }, 'seed places upstream does not know')
  const found = resolved.filter((r): r is ExperienceRef => r !== null)
  return { added: await tracker.addAll(found, 'seed', at), unresolved }
}
