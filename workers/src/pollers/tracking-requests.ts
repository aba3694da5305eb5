import type { PollerDeps, PollRun } from './deps.ts'
import type { ExperienceRef } from './tracker.ts'

/**
 * Place ids someone asked Ludex to track (a user added them to a tag before Ludex tracked them). Any
 * process may ask; the poller role takes them, resolves each to its universe upstream and tracks those
 * that exist. In memory for the embedded shape (the API and the pollers share the process); with
 * REDIS_URL a Redis set every API and poller process shares.
 */
export interface TrackingRequests {
  /** Asks for these place ids to be tracked; an id asked for twice before it is taken counts once. */
  request(placeIds: readonly number[]): Promise<void>
  /** Takes up to `max` of the ids asked for: each is taken by one caller only, and is gone after. */
  take(max: number): Promise<number[]>
}

export function createInMemoryTrackingRequests(): TrackingRequests {
  const pending = new Set<number>()
  return {
    request: async (placeIds) => {
      for (const id of placeIds) pending.add(id)
    },
    take: async (max) => {
      const taken: number[] = []
      for (const id of pending) {
        if (taken.length >= max) break
        taken.push(id)
      }
      for (const id of taken) pending.delete(id)
      return taken
    },
  }
}

/** Requests one run resolves: each costs one call to the platform, paced like every other. */
export const TRACKING_REQUESTS_PER_RUN = 200

export interface TrackingRequestsResult {
  /** Newly tracked. */
  readonly tracked: number
  /** Already tracked, or unknown to the platform: nothing to do. */
  readonly skipped: number
  /** The platform could not answer: asked for again, for the next run. */
  readonly retried: number
}

/**
 * Every minute: the place ids asked for are resolved to their universes and tracked (source 'tag'), so
 * the next games sweep polls them. An id already tracked costs nothing; one the platform does not know
 * is dropped (the tag keeps it; the API asks again at its next start); one the platform could not
 * answer for is asked for again.
 */
export async function pollTrackingRequests(deps: PollerDeps, run: PollRun): Promise<TrackingRequestsResult> {
  const { client, tracker, clock, logger, trackingRequests } = deps
  if (!trackingRequests) return { tracked: 0, skipped: 0, retried: 0 }
  const ids = await trackingRequests.take(TRACKING_REQUESTS_PER_RUN)
  if (ids.length === 0) return { tracked: 0, skipped: 0, retried: 0 }
  await tracker.refresh()
  const known = new Set(tracker.list().map((t) => t.placeId))
  const found: ExperienceRef[] = []
  const unknown: number[] = []
  const failed: number[] = []
  for (const placeId of ids) {
    if (known.has(placeId)) continue
    if (run.signal?.aborted) {
      failed.push(placeId)
      continue
    }
    try {
      const universeId = await client.getUniverseIdForPlace(placeId, { signal: run.signal })
      if (universeId === null) unknown.push(placeId)
      else found.push({ universeId, placeId })
    } catch (err) {
      logger.debug({ err, placeId }, 'tracking request: the platform did not answer')
      failed.push(placeId)
    }
  }
  if (failed.length > 0) await trackingRequests.request(failed)
  const tracked = found.length > 0 ? await tracker.addAll(found, 'tag', clock.now()) : 0
  if (unknown.length > 0)
    logger.info({ unknown }, 'requested places the platform does not know were not tracked')
  logger.info(
    { requested: ids.length, tracked, retried: failed.length, slot: run.slot },
    'tracking requests resolved',
  )
  return { tracked, skipped: ids.length - tracked - failed.length, retried: failed.length }
}
