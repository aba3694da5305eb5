import { messageIdOf, type PlaceRestrictedChange, SCHEMA_VERSION } from '@ludex/schemas'
import type { PendingChanges } from './change-memory.ts'

/** The change memory key of a universe's restriction ('true' while restricted, 'false' once lifted). */
export const restrictedKey = (universeId: number): string => `restricted:${universeId}`

function changeOf(universeId: number, placeId: number, restricted: boolean, observedAt: number) {
  return {
    schema_version: SCHEMA_VERSION,
    id: messageIdOf(universeId, 'restricted', restricted ? 1 : 0, observedAt),
    universe_id: universeId,
    place_id: placeId,
    observed_at: observedAt,
    change: 'restricted',
    restricted,
  } satisfies PlaceRestrictedChange
}

/**
 * The mark for a universe the games call answered with a censored item: published on first sight and
 * whenever it was not already restricted, so a restriction that lasts many sweeps is one row.
 */
export function restrictedChangeOf(
  universeId: number,
  placeId: number,
  observedAt: number,
  pending: PendingChanges,
): PlaceRestrictedChange | null {
  if (!pending.offer(restrictedKey(universeId), 'true')) return null
  return changeOf(universeId, placeId, true, observedAt)
}

/**
 * The unmark for a universe the games call describes again: only when this poller remembers it
 * restricted. Experiences never restricted publish nothing; one whose restriction this process forgot
 * (a restart of the in-memory memory) is unmarked by its new snapshot, which readers compare against.
 */
export function liftedChangeOf(
  universeId: number,
  placeId: number,
  observedAt: number,
  pending: PendingChanges,
): PlaceRestrictedChange | null {
  const key = restrictedKey(universeId)
  if (pending.last(key) !== 'true') return null
  pending.offer(key, 'false')
  return changeOf(universeId, placeId, false, observedAt)
}
