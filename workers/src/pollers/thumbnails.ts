import {
  messageIdOf,
  type PlaceThumbnailChange,
  SCHEMA_VERSION,
  type ThumbnailType,
  topics,
} from '@ludex/schemas'
import type { ThumbnailItem } from '../roblox/shapes/thumbnails.ts'
import { DEFAULT_THUMBNAIL_HASH, thumbnailHashOf } from '../roblox/thumbnail-hash.ts'
import { PendingChanges } from './change-memory.ts'
import { type PollerDeps, type PollRun, publishAll } from './deps.ts'

/** States that say nothing yet about the image; publishing 'default' for them would flap. */
const UNSETTLED = new Set(['Pending', 'Error', 'TemporarilyUnavailable'])

/** The hash to record, or null when the state is not settled and the last value should stand. */
export function settledHashOf(item: ThumbnailItem | null | undefined): string | null {
  if (item === null) return DEFAULT_THUMBNAIL_HASH
  if (item === undefined || UNSETTLED.has(item.state)) return null
  return thumbnailHashOf(item)
}

export interface ThumbnailsPollResult {
  readonly changes: number
  readonly unsettled: number
}

/** Hourly: icon ('Icon') and first game thumbnail ('Banner') of every tracked experience, on change. */
export async function pollThumbnails(deps: PollerDeps, run: PollRun): Promise<ThumbnailsPollResult> {
  const { client, tracker, publisher, clock, logger, memory } = deps
  const tracked = tracker.list()
  const ids = tracked.map((t) => t.universeId)
  const [icons, banners] = await Promise.all([
    client.getGameIcons(ids, { signal: run.signal }),
    client.getGameThumbnails(ids, { signal: run.signal }),
  ])
  const observedAt = clock.now()
  const keyOf = (type: ThumbnailType, universeId: number) => `thumb:${type}:${universeId}`
  const pending = await PendingChanges.recall(
    memory,
    tracked.flatMap((t) => [keyOf('Icon', t.universeId), keyOf('Banner', t.universeId)]),
  )
  const changes: PlaceThumbnailChange[] = []
  let unsettled = 0
  const consider = (universeId: number, placeId: number, type: ThumbnailType, hash: string | null) => {
    if (hash === null) {
      unsettled++
      return
    }
    if (!pending.offer(keyOf(type, universeId), hash)) return
    changes.push({
      schema_version: SCHEMA_VERSION,
      id: messageIdOf(universeId, 'thumbnail', type, hash),
      universe_id: universeId,
      place_id: placeId,
      observed_at: observedAt,
      change: 'thumbnail',
      type,
      hash,
    })
  }
  for (const t of tracked) {
    consider(t.universeId, t.placeId, 'Icon', settledHashOf(icons.get(t.universeId)))
    // A universe the thumbnails answer left out is unknown, not image-less.
    const banner = banners.has(t.universeId) ? (banners.get(t.universeId) ?? null) : undefined
    consider(t.universeId, t.placeId, 'Banner', settledHashOf(banner))
  }
  await publishAll(publisher, topics.metadata, changes)
  await pending.commit()
  logger.info({ slot: run.slot, changes: changes.length, unsettled }, 'thumbnails polled')
  return { changes: changes.length, unsettled }
}
