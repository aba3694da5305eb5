import type { Accounts } from '../accounts/accounts.ts'
import type { PlaceEdit, PlaceEditRepository } from '../accounts/place-edits.ts'
import type { TagRepository } from '../tags/tag-repository.ts'
import { createMemoryAggregateCache } from './aggregate-cache.ts'

/*
 * The app database's reads that the experience page, the slim list and a tag's average make on every
 * call (issue 19.5): the staff edits, the tags holding a place, a tag. PGlite answers on the API's own
 * thread, one query at a time, so at 32 connections these small reads queued like the store's did
 * (the experience's two cost more than everything else it does once its store reads are kept). They are
 * kept in this process for KEPT_APP_READS_MS; a write of tags or staff edits through this process drops
 * them at once, so its own next request shows it, and another API replica's within KEPT_APP_READS_MS.
 */

/** How long a kept app read stands without a write through this process (other replicas' writes). */
export const KEPT_APP_READS_MS = 5000
/** At most this many kept reads (a place's tags per reader, a tag): the oldest go first. */
export const KEPT_APP_READS_MAX_ENTRIES = 10_000

/**
 * `accounts` whose staff edits and tag reads are kept (see above). The values are shared between
 * requests: callers must not change them.
 */
export function withKeptAppReads(accounts: Accounts, now: () => number): Accounts {
  const kept = createMemoryAggregateCache(now, KEPT_APP_READS_MAX_ENTRIES)
  const forget = async <T>(write: Promise<T>): Promise<T> => {
    try {
      return await write
    } finally {
      // After the write (whatever came of it), so a read that overlapped it is not kept either.
      await kept.clear()
    }
  }
  const edits = accounts.store.placeEdits
  const allEdits = () => kept.get<Map<number, PlaceEdit>>('edits', KEPT_APP_READS_MS, () => edits.all())
  const placeEdits: PlaceEditRepository = {
    all: allEdits,
    get: async (placeId) => (await allEdits()).get(placeId) ?? null,
    save: (placeId, change, by, at) => forget(edits.save(placeId, change, by, at)),
  }
  const inner = accounts.store.tags
  const tags: TagRepository = {
    ...inner,
    find: (id) => kept.get(`tag:${id}`, KEPT_APP_READS_MS, () => inner.find(id)),
    tagIdsOfPlace: (placeId, userId) =>
      kept.get(`tags of:${placeId}:${userId}`, KEPT_APP_READS_MS, () => inner.tagIdsOfPlace(placeId, userId)),
    create: (tag, at) => forget(inner.create(tag, at)),
    update: (id, change, at) => forget(inner.update(id, change, at)),
    addPlaces: (id, placeIds, at) => forget(inner.addPlaces(id, placeIds, at)),
    removePlace: (id, placeId, at) => forget(inner.removePlace(id, placeId, at)),
    delete: (id) => forget(inner.delete(id)),
  }
  return { ...accounts, store: { ...accounts.store, placeEdits, tags } }
}
