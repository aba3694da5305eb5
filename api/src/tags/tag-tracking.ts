import type { ApiDeps } from '../deps.ts'
import { trackedPlaces } from '../store/stats.ts'

/** Ids per read of the tracked set at start-up. */
const CHECK_CHUNK = 5000

/** The ids among `placeIds` that the store has no counters for yet, in the order given. */
async function untracked(deps: ApiDeps, placeIds: readonly number[]): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < placeIds.length; i += CHECK_CHUNK) {
    const part = placeIds.slice(i, i + CHECK_CHUNK)
    const tracked = await trackedPlaces(deps, part)
    out.push(...part.filter((id) => !tracked.has(id)))
  }
  return out
}

/**
 * Asks for the experiences just added to a tag that Ludex does not track yet to be tracked from now
 * on (part 2 §5: an id is added, not refused). The answer to the caller never waits on the pollers and
 * never fails for this: a request that could not be made is logged and made again at the next start
 * (requestUntrackedTagMembers). Resolves to the ids asked for.
 */
export async function requestTracking(deps: ApiDeps, placeIds: readonly number[]): Promise<number[]> {
  if (!deps.trackPlaces || placeIds.length === 0) return []
  try {
    const ids = await untracked(deps, placeIds)
    if (ids.length > 0) await deps.trackPlaces(ids)
    return ids
  } catch (err) {
    deps.logger.warn({ err, placeIds: placeIds.length }, 'could not ask for tag members to be tracked')
    return []
  }
}

/**
 * At start-up: every tag member the store does not track is asked for again, so a request lost with a
 * process (the embedded queue lives in memory) or one the platform could not answer then is retried.
 */
export async function requestUntrackedTagMembers(deps: ApiDeps): Promise<number> {
  if (!deps.trackPlaces || !deps.accounts) return 0
  const members = await deps.accounts.store.tags.memberPlaceIds()
  const ids = await untracked(deps, members)
  if (ids.length > 0) await deps.trackPlaces(ids)
  return ids.length
}
