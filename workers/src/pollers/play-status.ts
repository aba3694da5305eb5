import {
  messageIdOf,
  type PlacePlayStatusChange,
  type playStatusCode,
  SCHEMA_VERSION,
  topics,
} from '@ludex/schemas'
import type { z } from 'zod'
import { PendingChanges } from './change-memory.ts'
import { type PollerDeps, type PollRun, publishAll } from './deps.ts'

type PlayStatus = z.infer<typeof playStatusCode>

/** reasonProhibited → the spec's play status codes (decided in the shared brief). */
export function playStatusOf(reasonProhibited: string | null | undefined): PlayStatus {
  switch (reasonProhibited) {
    case 'None':
      return 1
    case 'GuestProhibited':
      return 2
    case 'Unapproved':
      return 3
    case 'Private':
    case 'PlaceHasNoPublishedVersion':
      return 5
    case 'UnderReview':
      return 9
    default:
      return 0
  }
}

export interface PlayStatusPollResult {
  readonly skipped: boolean
  readonly changes: number
}

/** Hourly, only with a cookie (place details needs one): play status of every tracked place, on change. */
export async function pollPlayStatus(deps: PollerDeps, run: PollRun): Promise<PlayStatusPollResult> {
  const { client, tracker, publisher, clock, logger, memory } = deps
  if (!client.hasCookie) {
    logger.debug('no ROBLOX_COOKIE configured; play status not polled')
    return { skipped: true, changes: 0 }
  }
  const tracked = tracker.list()
  const details = await client.getPlaceDetails(
    tracked.map((t) => t.placeId),
    { signal: run.signal },
  )
  const observedAt = clock.now()
  const keyOf = (universeId: number) => `play:${universeId}`
  const pending = await PendingChanges.recall(
    memory,
    details.map((d) => keyOf(d.universeId)),
  )
  const changes: PlacePlayStatusChange[] = []
  for (const d of details) {
    const status = playStatusOf(d.reasonProhibited)
    if (!pending.offer(keyOf(d.universeId), String(status))) continue
    changes.push({
      schema_version: SCHEMA_VERSION,
      id: messageIdOf(d.universeId, 'play_status', status),
      universe_id: d.universeId,
      place_id: d.placeId,
      observed_at: observedAt,
      change: 'play_status',
      play_status: status,
    })
  }
  await publishAll(publisher, topics.metadata, changes)
  await pending.commit()
  logger.info({ slot: run.slot, changes: changes.length }, 'play status polled')
  return { skipped: false, changes: changes.length }
}
