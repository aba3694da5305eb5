import { messageIdOf, type PlaceDetailsChange, SCHEMA_VERSION } from '@ludex/schemas'
import type { Game } from '../roblox/shapes/games.ts'
import type { PendingChanges } from './change-memory.ts'
import { stableJson } from './deps.ts'

type DetailsContent = Omit<PlaceDetailsChange, 'schema_version' | 'id' | 'observed_at' | 'change'>

function contentOf(game: Game, last: DetailsContent | undefined): DetailsContent {
  return {
    universe_id: game.id,
    place_id: game.rootPlaceId,
    name: game.name,
    description: game.description ?? null,
    creator_id: game.creator.id,
    creator_type: game.creator.type,
    creator_name: game.creator.name,
    creator_verified: game.creator.hasVerifiedBadge ?? false,
    // Upstream sometimes omits the late taxonomy fields: keep the last known value rather than
    // publishing a change to '' and back.
    genre_l1: game.genre_l1 ?? last?.genre_l1 ?? '',
    genre_l2: game.genre_l2 ?? last?.genre_l2 ?? '',
    price: Math.max(0, game.price ?? 0),
    max_players: game.maxPlayers,
    created_at: game.created,
    updated_at: game.updated,
  }
}

/** The change memory key of a universe's details. */
export const detailsKey = (universeId: number): string => `details:${universeId}`

/**
 * The details change for a game when its details differ from the last seen (first sight always
 * counts), or null. The change is queued in `pending`, which the caller commits once it is published,
 * so a failed publish is retried on the next sweep.
 */
export function detailsChangeOf(
  game: Game,
  observedAt: number,
  pending: PendingChanges,
): PlaceDetailsChange | null {
  const key = detailsKey(game.id)
  const lastText = pending.last(key)
  const last = lastText === undefined ? undefined : (JSON.parse(lastText) as DetailsContent)
  const content = contentOf(game, last)
  const text = stableJson(content)
  if (!pending.offer(key, text)) return null
  return {
    schema_version: SCHEMA_VERSION,
    id: messageIdOf(game.id, 'details', text),
    observed_at: observedAt,
    change: 'details',
    ...content,
  }
}
