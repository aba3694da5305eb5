import {
  messageIdOf,
  type PlaceDetailsChange,
  type PlaceSnapshotV1,
  type PlatformTotalsV1,
  SCHEMA_VERSION,
  topics,
} from '@ludex/schemas'
import { chunk } from '../roblox/chunk.ts'
import { GAMES_BATCH } from '../roblox/client.ts'
import type { Game, Votes } from '../roblox/shapes/games.ts'
import { type PollerDeps, type PollRun, publishAll } from './deps.ts'
import { detailsChangeOf } from './details.ts'

export interface GamesPollResult {
  readonly tracked: number
  readonly snapshots: number
  readonly withoutVotes: number
  readonly detailsChanges: number
  readonly failedBatches: number
  /** Tracked universes a successful games response left out (deleted or unknown upstream). */
  readonly missing: readonly number[]
  readonly platformTotals: PlatformTotalsV1 | null
}

/**
 * The 10-minute sweep: games + votes of every tracked experience in batches of 50, one snapshot per
 * experience for the slot, details changes from the same response, and then the tracked platform total.
 * A failed votes call leaves votes null (never guessed); a failed games call drops that batch from the
 * slot and, because the sum would then be partial, the platform total too.
 */
export async function pollGamesAndVotes(deps: PollerDeps, run: PollRun): Promise<GamesPollResult> {
  const { client, tracker, publisher, clock, logger, memory } = deps
  const tracked = tracker.list()
  const batches = chunk(
    tracked.map((t) => t.universeId),
    GAMES_BATCH,
  )
  let snapshots = 0
  let withoutVotes = 0
  let detailsChanges = 0
  let failedBatches = 0
  let ccu = 0
  const missing: number[] = []

  await Promise.all(
    batches.map(async (ids) => {
      const [games, votes] = await Promise.all([
        client.getGames(ids, { signal: run.signal }).catch((err: unknown) => {
          logger.warn({ err, universes: ids.length }, 'games batch failed; its experiences miss this slot')
          return null
        }),
        client.getVotes(ids, { signal: run.signal }).catch((err: unknown) => {
          logger.warn({ err, universes: ids.length }, 'votes batch failed; votes are null for this slot')
          return null
        }),
      ])
      if (games === null) {
        failedBatches++
        return
      }
      const observedAt = clock.now()
      const votesById = new Map<number, Votes>((votes ?? []).map((v) => [v.id, v]))
      const gamesById = new Map<number, Game>(games.map((g) => [g.id, g]))
      const batchSnapshots: PlaceSnapshotV1[] = []
      const changes: PlaceDetailsChange[] = []
      const toRemember: Array<readonly [string, string]> = []
      for (const id of ids) {
        const game = gamesById.get(id)
        if (!game) {
          missing.push(id)
          continue
        }
        const vote = votesById.get(id)
        if (!vote) withoutVotes++
        batchSnapshots.push({
          schema_version: SCHEMA_VERSION,
          id: messageIdOf('poller', game.id, run.slot),
          source: 'poller',
          universe_id: game.id,
          place_id: game.rootPlaceId,
          slot: run.slot,
          observed_at: observedAt,
          playing: game.playing,
          visits: game.visits,
          favorites: game.favoritedCount,
          up_votes: vote?.upVotes ?? null,
          down_votes: vote?.downVotes ?? null,
        })
        ccu += game.playing
        const change = detailsChangeOf(game, observedAt, memory)
        if (change) {
          changes.push(change.change)
          toRemember.push(change.remember)
        }
      }
      await publishAll(publisher, topics.snapshots, batchSnapshots)
      await publishAll(publisher, topics.metadata, changes)
      for (const [key, text] of toRemember) memory.set(key, text)
      snapshots += batchSnapshots.length
      detailsChanges += changes.length
    }),
  )

  if (missing.length > 0) {
    logger.warn({ count: missing.length, sample: missing.slice(0, 10) }, 'tracked universes absent upstream')
  }

  let platformTotals: PlatformTotalsV1 | null = null
  if (failedBatches === 0 && tracked.length > 0) {
    platformTotals = {
      schema_version: SCHEMA_VERSION,
      id: messageIdOf('platform', run.slot),
      slot: run.slot,
      observed_at: clock.now(),
      tracked_ccu: ccu,
      tracked_experiences: snapshots,
    }
    await publisher.publish(topics.platform, [platformTotals])
  } else if (failedBatches > 0) {
    logger.warn(
      { slot: run.slot, failedBatches, batches: batches.length },
      'sweep incomplete; platform total skipped for this slot',
    )
  }

  const result = {
    tracked: tracked.length,
    snapshots,
    withoutVotes,
    detailsChanges,
    failedBatches,
    missing,
    platformTotals,
  }
  logger.info(
    { slot: run.slot, ...result, missing: missing.length, platformTotals: undefined },
    'games sweep done',
  )
  return result
}
