import {
  messageIdOf,
  type PlaceMetadataV1,
  type PlaceSnapshotV1,
  type PlatformTotalsV1,
  SCHEMA_VERSION,
  topics,
} from '@ludex/schemas'
import { chunk } from '../roblox/chunk.ts'
import { GAMES_BATCH } from '../roblox/client.ts'
import type { Game, Votes } from '../roblox/shapes/games.ts'
import type { PartOutcome } from '../scheduling/scheduler.ts'
import { PendingChanges } from './change-memory.ts'
import { type PollerDeps, type PollRun, publishAll } from './deps.ts'
import { detailsChangeOf, detailsKey } from './details.ts'
import { liftedChangeOf, restrictedChangeOf, restrictedKey } from './restrictions.ts'
import type { Tracker } from './tracker.ts'

/**
 * Experiences per shard of the sweep (one job each in the distributed shape): ten games and ten votes
 * calls, a few seconds of one egress's budget, so a 100,000-experience slot is 100 shards that any
 * number of poller processes share, and a shard retried costs little.
 */
export const GAMES_SHARD_SIZE = 1_000

export interface GamesPollResult {
  /** Universes the sweep covered: those tracked when it was split. */
  readonly tracked: number
  readonly snapshots: number
  readonly withoutVotes: number
  readonly detailsChanges: number
  /** Shards that failed for good (after retries), overran ones included. */
  readonly failedShards: number
  /** Shards not run (or not retried) because the next slot was due. */
  readonly overranShards: number
  /**
   * Snapshots / experiences that could have one: tracked, less the restricted and the missing (upstream
   * answered for those, and there is nothing to capture). A failed shard's experiences count as not
   * captured, though batches of it that succeeded did publish (a lower bound). 1 when nothing was due.
   */
  readonly completeness: number
  /** Tracked universes a successful games response left out (deleted or unknown upstream). */
  readonly missing: readonly number[]
  /** Tracked universes upstream answered for with a censored item: no snapshot, not missing. */
  readonly restricted: readonly number[]
  readonly platformTotals: PlatformTotalsV1 | null
}

/** What one batch of the sweep produced; plain JSON, as it may come back from another process. */
export interface GamesBatchResult {
  readonly universes: number
  readonly snapshots: number
  readonly withoutVotes: number
  readonly detailsChanges: number
  /** Universes of the batch a successful games response left out (deleted or unknown upstream). */
  readonly missing: readonly number[]
  /** Universes of the batch answered with a censored item (restricted, private or deleted). */
  readonly restricted: readonly number[]
  /** Restriction marks and unmarks published (changes only). */
  readonly restrictionChanges: number
  /** Sum of `playing` over the batch's snapshots, for the platform total. */
  readonly ccu: number
}

export class GamesBatchError extends Error {
  constructor(
    readonly universes: number,
    options: { cause: unknown },
  ) {
    super(`games batch of ${universes} universes failed; its experiences miss this slot`, options)
    this.name = 'GamesBatchError'
  }
}

export class GamesShardError extends Error {
  constructor(
    readonly failedBatches: number,
    readonly batches: number,
    options: { cause: unknown },
  ) {
    super(
      `${failedBatches} of ${batches} games batches of the shard failed; their experiences miss this slot`,
      options,
    )
    this.name = 'GamesShardError'
  }
}

/** The sweep's parts: tracked universes in shards of `size`, in tracking order. */
export function gamesSweepShards(tracker: Tracker, size = GAMES_SHARD_SIZE): number[][] {
  return chunk(
    tracker.list().map((t) => t.universeId),
    size,
  )
}

const addBatch = (a: GamesBatchResult, b: GamesBatchResult): GamesBatchResult => ({
  universes: a.universes + b.universes,
  snapshots: a.snapshots + b.snapshots,
  withoutVotes: a.withoutVotes + b.withoutVotes,
  detailsChanges: a.detailsChanges + b.detailsChanges,
  missing: [...a.missing, ...b.missing],
  restricted: [...a.restricted, ...b.restricted],
  restrictionChanges: a.restrictionChanges + b.restrictionChanges,
  ccu: a.ccu + b.ccu,
})

const NO_BATCH: GamesBatchResult = {
  universes: 0,
  snapshots: 0,
  withoutVotes: 0,
  detailsChanges: 0,
  missing: [],
  restricted: [],
  restrictionChanges: 0,
  ccu: 0,
}

/**
 * One shard of the sweep: its games/votes batches (GAMES_BATCH ids each) at once, the client pacing
 * them per host, each publishing its snapshots as it ends. When a batch's games call failed (after the
 * client's retries) the shard throws GamesShardError once every batch has ended, so a scheduler with
 * retries runs the shard again (the batches that did publish publish the same message ids again, which
 * the store keeps once).
 */
export async function pollGamesShard(
  deps: PollerDeps,
  run: PollRun,
  ids: readonly number[],
): Promise<GamesBatchResult> {
  const batches = chunk(ids, GAMES_BATCH)
  const settled = await Promise.allSettled(batches.map((batch) => pollGamesBatch(deps, run, batch)))
  const failed = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected')
  if (failed.length > 0)
    throw new GamesShardError(failed.length, batches.length, { cause: failed[0]?.reason })
  return settled.reduce((sum, s) => (s.status === 'fulfilled' ? addBatch(sum, s.value) : sum), NO_BATCH)
}

/**
 * One batch of the sweep: games + votes, one snapshot per experience for the slot, and details changes
 * from the same response. A failed votes call leaves votes null (never guessed); a failed games call
 * throws GamesBatchError, so a scheduler with retries can run the batch again. A universe answered with
 * a censored item is neither a snapshot nor missing: it is marked restricted (on change), and unmarked
 * when upstream describes it again.
 */
export async function pollGamesBatch(
  deps: PollerDeps,
  run: PollRun,
  ids: readonly number[],
): Promise<GamesBatchResult> {
  const { client, clock, logger, memory, publisher, tracker } = deps
  const [answer, votes] = await Promise.all([
    client.getGamesAnswer(ids, { signal: run.signal }).catch((err: unknown) => {
      throw new GamesBatchError(ids.length, { cause: err })
    }),
    client.getVotes(ids, { signal: run.signal }).catch((err: unknown) => {
      logger.warn({ err, universes: ids.length }, 'votes batch failed; votes are null for this slot')
      return null
    }),
  ])
  const { games } = answer
  const observedAt = clock.now()
  const pending = await PendingChanges.recall(memory, [
    ...games.map((g) => detailsKey(g.id)),
    ...ids.map(restrictedKey),
  ])
  const votesById = new Map<number, Votes>((votes ?? []).map((v) => [v.id, v]))
  const gamesById = new Map<number, Game>(games.map((g) => [g.id, g]))
  const snapshots: PlaceSnapshotV1[] = []
  const changes: PlaceMetadataV1[] = []
  const restrictedIds = new Set(answer.restricted)
  const missing: number[] = []
  let restrictionChanges = 0
  let withoutVotes = 0
  let ccu = 0
  for (const id of ids) {
    const game = gamesById.get(id)
    if (!game) {
      if (!restrictedIds.has(id)) {
        missing.push(id)
        continue
      }
      const placeId = tracker.placeIdOf(id)
      // Tracked universes always have a place; one untracked meanwhile has nothing left to mark.
      const mark = placeId === undefined ? null : restrictedChangeOf(id, placeId, observedAt, pending)
      if (mark) {
        changes.push(mark)
        restrictionChanges++
      }
      continue
    }
    const lifted = liftedChangeOf(id, game.rootPlaceId, observedAt, pending)
    if (lifted) {
      changes.push(lifted)
      restrictionChanges++
    }
    const vote = votesById.get(id)
    if (!vote) withoutVotes++
    snapshots.push({
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
    const change = detailsChangeOf(game, observedAt, pending)
    if (change) changes.push(change)
  }
  await publishAll(publisher, topics.snapshots, snapshots)
  await publishAll(publisher, topics.metadata, changes)
  await pending.commit()
  return {
    universes: ids.length,
    snapshots: snapshots.length,
    withoutVotes,
    detailsChanges: changes.length - restrictionChanges,
    missing,
    restricted: answer.restricted,
    restrictionChanges,
    ccu,
  }
}

/**
 * The end of a sweep, once every shard has ended (the completion job, in whichever process takes it):
 * the tracked platform total, published only when no shard failed (the sum would otherwise be
 * partial), the slot's completeness, and the sweep's summary.
 */
export async function finishGamesSweep(
  deps: PollerDeps,
  run: PollRun,
  outcomes: readonly PartOutcome<GamesBatchResult, readonly number[]>[],
): Promise<GamesPollResult> {
  const { clock, logger, publisher } = deps
  let tracked = 0
  let snapshots = 0
  let withoutVotes = 0
  let detailsChanges = 0
  let ccu = 0
  let overranShards = 0
  const missing: number[] = []
  const restricted: number[] = []
  const failures: string[] = []
  for (const outcome of outcomes) {
    if (!outcome.ok) {
      failures.push(outcome.error)
      tracked += outcome.part?.length ?? 0
      if (outcome.overran) overranShards++
      continue
    }
    tracked += outcome.result.universes
    snapshots += outcome.result.snapshots
    withoutVotes += outcome.result.withoutVotes
    detailsChanges += outcome.result.detailsChanges
    ccu += outcome.result.ccu
    missing.push(...outcome.result.missing)
    // Results from an older poller may lack it.
    restricted.push(...(outcome.result.restricted ?? []))
  }
  const failedShards = failures.length
  const due = tracked - restricted.length - missing.length
  const completeness = due > 0 ? snapshots / due : 1

  if (missing.length > 0) {
    logger.warn({ count: missing.length, sample: missing.slice(0, 10) }, 'tracked universes absent upstream')
  }
  if (restricted.length > 0) {
    // Expected upstream behaviour (roblox-api.md §16), not a fault: info, not warn.
    logger.info(
      { count: restricted.length, sample: restricted.slice(0, 10) },
      'tracked universes restricted upstream; no snapshots for them',
    )
  }

  let platformTotals: PlatformTotalsV1 | null = null
  if (failedShards === 0 && outcomes.length > 0) {
    platformTotals = {
      schema_version: SCHEMA_VERSION,
      id: messageIdOf('platform', run.slot),
      slot: run.slot,
      observed_at: clock.now(),
      tracked_ccu: ccu,
      tracked_experiences: snapshots,
    }
    await publisher.publish(topics.platform, [platformTotals])
  } else if (failedShards > 0) {
    logger.warn(
      { slot: run.slot, failedShards, shards: outcomes.length, completeness, sample: failures.slice(0, 3) },
      'sweep incomplete; platform total skipped for this slot',
    )
  }

  const result = {
    tracked,
    snapshots,
    withoutVotes,
    detailsChanges,
    failedShards,
    overranShards,
    completeness,
    missing,
    restricted,
    platformTotals,
  }
  logger.info(
    {
      slot: run.slot,
      ...result,
      missing: missing.length,
      restricted: restricted.length,
      platformTotals: undefined,
    },
    'games sweep done',
  )
  return result
}

/**
 * The 10-minute sweep in one process: every shard at once, then the platform total. The schedulers run
 * the same steps as a fan-out job (register-pollers.ts), so in the distributed shape the shards are
 * shared among the poller processes.
 */
export async function pollGamesAndVotes(deps: PollerDeps, run: PollRun): Promise<GamesPollResult> {
  const outcomes = await Promise.all(
    gamesSweepShards(deps.tracker).map(
      async (ids, index): Promise<PartOutcome<GamesBatchResult, readonly number[]>> => {
        try {
          return { index, ok: true, result: await pollGamesShard(deps, run, ids) }
        } catch (err) {
          deps.logger.warn(
            { err, universes: ids.length },
            'games shard failed; its experiences miss this slot',
          )
          const error = err instanceof Error ? err.message : String(err)
          return { index, ok: false, error, overran: false, part: ids }
        }
      },
    ),
  )
  return finishGamesSweep(deps, run, outcomes)
}
