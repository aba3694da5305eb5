import type { Creator } from '@ludex/schemas'
import type { ApiDeps } from '../../deps.ts'
import { trackedCreators } from '../../store/creators.ts'

/** The list changes when a creator or an experience's creator changes: minutes old is fine. */
const CREATORS_TTL_MS = 5 * 60_000

/** Every creator of tracked experiences, computed at most once per 5 minutes (the list and the pages). */
export function cachedCreators(deps: ApiDeps): Promise<Creator[]> {
  return deps.cache.get('creator:list', CREATORS_TTL_MS, () => trackedCreators(deps))
}

/**
 * The creator an id names. User and group ids are separate namespaces, so one id can name one of each:
 * `type` picks; without it, the one with more tracked experiences (a group on a tie). Null when none.
 */
export async function findCreator(
  deps: ApiDeps,
  id: number,
  type: Creator['type'] | undefined,
): Promise<Creator | null> {
  const matches = (await cachedCreators(deps)).filter((c) => c.id === id && (!type || c.type === type))
  matches.sort(
    (a, b) =>
      b.place_ids.length - a.place_ids.length || (a.type === 'Group' ? -1 : b.type === 'Group' ? 1 : 0),
  )
  return matches[0] ?? null
}
