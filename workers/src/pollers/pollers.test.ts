import {
  badgeStatsCsv,
  CHART_CATEGORIES,
  type ChartSortSnapshotV1,
  type CreatorV1,
  type DailyPicksV1,
  type PlaceMetadataV1,
  type PlaceSnapshotV1,
  type PlatformTotalsV1,
  type Publisher,
  topics,
} from '@ludex/schemas'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRobloxClient, type RobloxClient } from '../roblox/client.ts'
import { createInProcessScheduler } from '../scheduling/in-process-scheduler.ts'
import { registerPollers } from '../scheduling/register-pollers.ts'
import { virtualTimers } from '../scheduling/virtual-timers.ts'
import {
  badgesOf,
  createPlatformModel,
  dailyPicksFor,
  experienceAt,
  indexOfUniverse,
  metadataAt,
  type PlatformModel,
  restrictedAt,
  sampleAt,
} from '../simulator/model/index.ts'
import { startSimulatorServer } from '../simulator/server.ts'
import { pollAgeRatings } from './age-ratings.ts'
import { fetchBadgeStats } from './badges.ts'
import { createInMemoryChangeMemory } from './change-memory.ts'
import { CollectingPublisher } from './collecting-publisher.ts'
import { pollCreators } from './creators.ts'
import type { PollerDeps } from './deps.ts'
import { pollGamesAndVotes } from './games.ts'
import { pollPlayStatus } from './play-status.ts'
import { pollChartSorts } from './sorts.ts'
import { pollThumbnails } from './thumbnails.ts'
import { createInMemoryTracker, type Tracker, trackSeedPlaces } from './tracker.ts'
import { createInMemoryTrackingRequests, pollTrackingRequests } from './tracking-requests.ts'

const logger = pino({ level: 'silent' })

/** mulberry32: deterministic fault draws, so the fault test sees the same faults on every run. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SLOT = Date.UTC(2026, 2, 10, 14, 20)
const clock = { now: () => SLOT + 37_000 }
const EXPERIENCES = 400
const SEEDED = 120

let model: PlatformModel
let sim: { baseTemplate: string; close(): Promise<void> }
let faulty: { baseTemplate: string; close(): Promise<void> }

beforeAll(async () => {
  model = createPlatformModel({ seed: 4242, experiences: EXPERIENCES })
  sim = await startSimulatorServer({ model, port: 0, clock: clock.now, faultRate: 0, logger })
  faulty = await startSimulatorServer({
    model,
    port: 0,
    clock: clock.now,
    faultRate: 0.2,
    logger,
    random: seededRandom(3),
  })
})
afterAll(async () => {
  await sim?.close()
  await faulty?.close()
})

function clientOf(baseTemplate: string, extra: { cookie?: string; maxRetries?: number } = {}): RobloxClient {
  return createRobloxClient({
    baseTemplate,
    userAgent: 'ludex-test',
    cookie: extra.cookie,
    hostIntervalMs: 0,
    timeoutMs: 5_000,
    maxRetries: extra.maxRetries ?? 2,
    backoffBaseMs: 1,
    backoffMaxMs: 20,
    logger,
  })
}

function depsOf(client: RobloxClient, tracker: Tracker, publisher: Publisher, discovery = false): PollerDeps {
  return { client, tracker, publisher, clock, logger, memory: createInMemoryChangeMemory(), discovery }
}

/** Seeds the tracker the way start-up does: root place ids resolved through place → universe. */
async function seededTracker(client: RobloxClient, count = SEEDED): Promise<Tracker> {
  const tracker = createInMemoryTracker()
  // Experiences launched after the slot are unknown upstream yet; seed from the ones that exist.
  const placeIds: number[] = []
  for (let i = 0; placeIds.length < count; i++) {
    const p = experienceAt(model, i)
    if (p.createdMs <= SLOT) placeIds.push(p.rootPlaceId)
  }
  const result = await trackSeedPlaces(client, tracker, placeIds, clock.now(), logger)
  expect(result.unresolved).toEqual([])
  return tracker
}

/** Universes of the tracker the simulator censors at SLOT. */
function restrictedOf(tracker: Tracker): number[] {
  return tracker
    .list()
    .map((t) => t.universeId)
    .filter((u) => restrictedAt(model, indexOfUniverse(model, u), SLOT))
}

describe('games + votes sweep against the simulator', () => {
  it('publishes one snapshot per tracked experience equal to the model, then the platform total', async () => {
    const client = clientOf(sim.baseTemplate)
    const tracker = await seededTracker(client)
    expect(tracker.size).toBe(SEEDED)
    const publisher = new CollectingPublisher()
    const result = await pollGamesAndVotes(depsOf(client, tracker, publisher), { slot: SLOT })

    const snapshots = publisher.of<PlaceSnapshotV1>(topics.snapshots)
    expect(result.failedShards).toBe(0)
    expect(result.completeness).toBe(1)
    expect(result.missing).toEqual([])
    // The simulator always has a restricted experience among 120: censored, so no snapshot.
    const restricted = restrictedOf(tracker)
    expect(restricted.length).toBeGreaterThan(0)
    expect([...result.restricted].sort()).toEqual(restricted.sort())
    expect(snapshots).toHaveLength(SEEDED - restricted.length)
    expect(new Set(snapshots.map((s) => s.id)).size).toBe(snapshots.length)
    for (const s of snapshots) {
      const index = indexOfUniverse(model, s.universe_id)
      const truth = sampleAt(model, index, SLOT)
      expect(s.slot).toBe(SLOT)
      expect(s.source).toBe('poller')
      expect(s.place_id).toBe(experienceAt(model, index).rootPlaceId)
      expect([s.playing, s.visits, s.favorites, s.up_votes, s.down_votes]).toEqual([
        truth.playing,
        truth.visits,
        truth.favorites,
        truth.upVotes,
        truth.downVotes,
      ])
    }
    expect(snapshots.some((s) => s.playing > 0)).toBe(true)

    const [totals] = publisher.of<PlatformTotalsV1>(topics.platform)
    expect(totals?.slot).toBe(SLOT)
    expect(totals?.tracked_ccu).toBe(snapshots.reduce((a, s) => a + s.playing, 0))
    expect(totals?.tracked_experiences).toBe(snapshots.length)
  })

  it('publishes details on first sight and not again while unchanged', async () => {
    const client = clientOf(sim.baseTemplate)
    const tracker = await seededTracker(client, 60)
    const publisher = new CollectingPublisher()
    const deps = depsOf(client, tracker, publisher)
    const first = await pollGamesAndVotes(deps, { slot: SLOT })
    const details = publisher.of<PlaceMetadataV1>(topics.metadata).filter((m) => m.change === 'details')
    expect(details).toHaveLength(first.snapshots)
    expect(first.detailsChanges).toBe(first.snapshots)
    for (const d of details) {
      if (d.change !== 'details') continue
      const meta = metadataAt(model, indexOfUniverse(model, d.universe_id), SLOT)
      expect([d.name, d.genre_l1, d.genre_l2, d.max_players]).toEqual([
        meta.name,
        meta.genreL1,
        meta.genreL2,
        meta.maxPlayers,
      ])
    }
    publisher.clear()
    const second = await pollGamesAndVotes(deps, { slot: SLOT })
    expect(second.snapshots).toBe(first.snapshots)
    expect(second.detailsChanges).toBe(0)
    expect(publisher.of(topics.metadata)).toHaveLength(0)
  })

  it('does not flap details when a faulty response omits the optional genre fields', async () => {
    const tracker = await seededTracker(clientOf(sim.baseTemplate))
    const publisher = new CollectingPublisher()
    const memory = createInMemoryChangeMemory()
    const clean = { ...depsOf(clientOf(sim.baseTemplate), tracker, publisher), memory }
    expect((await pollGamesAndVotes(clean, { slot: SLOT })).detailsChanges).toBe(
      SEEDED - restrictedOf(tracker).length,
    )
    const omitting = await startSimulatorServer({
      model,
      port: 0,
      clock: clock.now,
      faultRate: { throttle: 0, serverError: 0, omitFields: 1 },
      logger,
    })
    try {
      const omittingClient = clientOf(omitting.baseTemplate)
      const [sample] = await omittingClient.getGames([tracker.list()[0]?.universeId ?? 0])
      expect(sample?.genre_l1).toBeUndefined()
      const omittingDeps = { ...depsOf(omittingClient, tracker, publisher), memory }
      expect((await pollGamesAndVotes(omittingDeps, { slot: SLOT })).detailsChanges).toBe(0)
    } finally {
      await omitting.close()
    }
  })

  it('still completes the sweep when the upstream injects faults, thanks to retries', async () => {
    const statuses: number[] = []
    const countingFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init)
      statuses.push(res.status)
      return res
    }
    const client = createRobloxClient({
      baseTemplate: faulty.baseTemplate,
      userAgent: 'ludex-test',
      hostIntervalMs: 0,
      timeoutMs: 5_000,
      maxRetries: 8,
      backoffBaseMs: 1,
      backoffMaxMs: 20,
      logger,
      fetch: countingFetch,
    })
    const tracker = await seededTracker(clientOf(sim.baseTemplate))
    const publisher = new CollectingPublisher()
    const result = await pollGamesAndVotes(depsOf(client, tracker, publisher), { slot: SLOT })
    expect(result.failedShards).toBe(0)
    const snapshots = publisher.of<PlaceSnapshotV1>(topics.snapshots)
    expect(result.missing).toEqual([])
    expect(snapshots).toHaveLength(SEEDED - restrictedOf(tracker).length)
    const [totals] = publisher.of<PlatformTotalsV1>(topics.platform)
    expect(totals?.tracked_ccu).toBe(snapshots.reduce((a, s) => a + s.playing, 0))
    // The faults really happened and were retried through.
    expect(statuses.filter((st) => st === 429 || st >= 500).length).toBeGreaterThan(0)
    // 120 experiences: two games and two votes calls of at most 100 ids.
    expect(statuses.filter((st) => st === 200).length).toBe(4)
  })

  it('leaves votes null when a votes batch fails and skips the platform total when a games batch fails', async () => {
    const tracker = await seededTracker(clientOf(sim.baseTemplate))
    // Real simulator, with one connection-level failure injected on the first call to each endpoint.
    const failFirst = (pathEnd: string) => {
      let failed = false
      const fetchWithFault: typeof fetch = async (input, init) => {
        const url = String(input)
        if (!failed && new URL(url).pathname.endsWith(pathEnd)) {
          failed = true
          throw new TypeError('fetch failed (injected)')
        }
        return fetch(input, init)
      }
      return createRobloxClient({
        baseTemplate: sim.baseTemplate,
        userAgent: 'ludex-test',
        hostIntervalMs: 0,
        timeoutMs: 5_000,
        maxRetries: 0,
        logger,
        fetch: fetchWithFault,
      })
    }

    const votesDown = new CollectingPublisher()
    const v = await pollGamesAndVotes(depsOf(failFirst('/games/votes'), tracker, votesDown), { slot: SLOT })
    expect(v.failedShards).toBe(0)
    expect(v.withoutVotes).toBeGreaterThan(0)
    const nullVotes = votesDown.of<PlaceSnapshotV1>(topics.snapshots).filter((s) => s.up_votes === null)
    expect(nullVotes).toHaveLength(v.withoutVotes)
    expect(nullVotes.every((s) => s.down_votes === null && s.visits > 0)).toBe(true)
    expect(votesDown.of(topics.platform)).toHaveLength(1)

    const gamesDown = new CollectingPublisher()
    const g = await pollGamesAndVotes(depsOf(failFirst('/v1/games'), tracker, gamesDown), { slot: SLOT })
    // The first games call (the first 100 universes) failed: its shard failed, the other batch published.
    expect(g.failedShards).toBe(1)
    expect(g.completeness).toBe(0)
    const restricted = new Set(restrictedOf(tracker))
    const survivors = tracker
      .list()
      .slice(100)
      .filter((t) => !restricted.has(t.universeId))
    expect(gamesDown.of(topics.snapshots)).toHaveLength(survivors.length)
    expect(g.platformTotals).toBeNull()
    expect(gamesDown.of(topics.platform)).toHaveLength(0)
  })
})

describe('chart sorts against the simulator', () => {
  it('ranks non-sponsored entries, nulls sponsored ones, produces daily picks and discovers universes', async () => {
    const client = clientOf(sim.baseTemplate)
    const tracker = createInMemoryTracker()
    const publisher = new CollectingPublisher()
    const result = await pollChartSorts(depsOf(client, tracker, publisher, true), { slot: SLOT })

    const sorts = publisher.of<ChartSortSnapshotV1>(topics.charts)
    expect(sorts.length).toBe(result.sorts)
    expect(sorts.length).toBeGreaterThanOrEqual(CHART_CATEGORIES.length)
    let sponsored = 0
    for (const s of sorts) {
      expect(s.slot).toBe(SLOT)
      const organic = s.entries.filter((e) => !e.sponsored)
      expect(organic.map((e) => e.position)).toEqual(organic.map((_, i) => i + 1))
      for (const e of s.entries.filter((x) => x.sponsored)) {
        expect(e.position).toBeNull()
        sponsored++
      }
    }
    expect(sponsored).toBeGreaterThan(0)
    expect(sorts.find((s) => s.sort_id === 'top-trending')?.category_id).toBe(18)
    expect(sorts.find((s) => s.sort_id === 'recommended-for-you')?.category_id).toBeNull()
    expect(sorts.some((s) => s.sort_id === 'todays-picks')).toBe(false)

    const [picks] = publisher.of<DailyPicksV1>(topics.dailyPicks)
    expect(picks?.date).toBe('2026-03-10')
    const expected = dailyPicksFor(model, '2026-03-10').map((i) => experienceAt(model, i).universeId)
    expect(picks?.places.map((p) => p.universe_id)).toEqual(expected)

    const seen = new Set(sorts.flatMap((s) => s.entries.map((e) => e.universe_id)))
    for (const p of picks?.places ?? []) seen.add(p.universe_id)
    expect(result.discovered).toBe(seen.size)
    expect(tracker.size).toBe(seen.size)
    for (const t of tracker.list()) expect(t.source).toBe('discovery')

    // Off: nothing is added.
    const quiet = createInMemoryTracker()
    await pollChartSorts(depsOf(client, quiet, new CollectingPublisher(), false), { slot: SLOT })
    expect(quiet.size).toBe(0)
  })
})

describe('on-change pollers against the simulator', () => {
  it('thumbnails, age ratings, play status and creators publish once, then not while unchanged', async () => {
    const client = clientOf(sim.baseTemplate, { cookie: 'test-cookie' })
    const tracker = await seededTracker(client, 50)
    const publisher = new CollectingPublisher()
    const deps = depsOf(client, tracker, publisher)

    const thumbs = await pollThumbnails(deps, { slot: SLOT })
    const ages = await pollAgeRatings(deps, { slot: SLOT })
    const play = await pollPlayStatus(deps, { slot: SLOT })
    const creators = await pollCreators(deps, { slot: SLOT })
    expect(thumbs.changes).toBe(100 - thumbs.unsettled)
    expect(thumbs.changes).toBeGreaterThan(80)
    expect(ages.changes).toBe(50)
    expect(play.skipped).toBe(false)
    expect(play.changes).toBe(50)
    expect(creators.changes).toBe(creators.users + creators.groups)
    expect(creators.changes).toBeGreaterThan(0)

    const meta = publisher.of<PlaceMetadataV1>(topics.metadata)
    const icons = meta.filter((m) => m.change === 'thumbnail' && m.type === 'Icon')
    expect(icons.length).toBeGreaterThan(40)
    for (const m of meta) {
      const truth = metadataAt(model, indexOfUniverse(model, m.universe_id), SLOT)
      if (m.change === 'thumbnail') expect(m.hash).toBe(m.type === 'Icon' ? truth.iconHash : truth.bannerHash)
      if (m.change === 'age_rating') {
        expect(m.age_limit).toBe(truth.ageRating.minimumAge)
        expect(m.maturity).toBe(truth.ageRating.maturity)
      }
    }
    const creatorMsgs = publisher.of<CreatorV1>(topics.creators)
    expect(creatorMsgs.some((c) => c.thumbnail_hash !== 'default')).toBe(true)
    expect(
      creatorMsgs
        .filter((c) => c.creator_type === 'Group')
        .every((c) => c.member_count === null || c.member_count >= 0),
    ).toBe(true)

    publisher.clear()
    await pollThumbnails(deps, { slot: SLOT })
    await pollAgeRatings(deps, { slot: SLOT })
    await pollPlayStatus(deps, { slot: SLOT })
    await pollCreators(deps, { slot: SLOT })
    expect(publisher.of(topics.metadata)).toHaveLength(0)
    expect(publisher.of(topics.creators)).toHaveLength(0)
  })

  it('skips play status without a cookie', async () => {
    const client = clientOf(sim.baseTemplate)
    const tracker = await seededTracker(client, 5)
    const publisher = new CollectingPublisher()
    expect(await pollPlayStatus(depsOf(client, tracker, publisher), { slot: SLOT })).toEqual({
      skipped: true,
      changes: 0,
    })
  })
})

describe('badges on demand', () => {
  it('returns every badge with its statistics across pages, as CSV rows', async () => {
    const client = clientOf(sim.baseTemplate)
    let index = 0
    while (badgesOf(model, index, clock.now()).length < 3) index++
    const truth = badgesOf(model, index, clock.now())
    const rows = await fetchBadgeStats(client, experienceAt(model, index).universeId)
    expect(rows.map((r) => r.badge_id).sort()).toEqual(truth.map((b) => b.id).sort())
    const first = truth[0]
    const row = rows.find((r) => r.badge_id === first?.id)
    expect(row?.awarded_count).toBe(first?.awardedCount)
    const csv = badgeStatsCsv(rows)
    expect(csv.split('\r\n')[0]).toBe(
      'badge_id,name,description,enabled,awarded_count,past_day_awarded_count,win_rate_percentage,created,updated',
    )
    expect(csv.trimEnd().split('\r\n')).toHaveLength(rows.length + 1)
  })
})

describe('tracking requests (places added to tags before Ludex tracked them)', () => {
  /** The first experiences of the model that exist at the slot but were not seeded. */
  function unseeded(n: number): { placeId: number; universeId: number }[] {
    const out: { placeId: number; universeId: number }[] = []
    let existing = 0
    for (let i = 0; out.length < n; i++) {
      const p = experienceAt(model, i)
      if (p.createdMs > SLOT) continue
      if (++existing > SEEDED) out.push({ placeId: p.rootPlaceId, universeId: p.universeId })
    }
    return out
  }

  it('tracks the places the platform knows, skips tracked and unknown ones, and polls them next', async () => {
    const client = clientOf(sim.baseTemplate)
    const tracker = await seededTracker(client)
    const requests = createInMemoryTrackingRequests()
    const [fresh, other] = unseeded(2)
    const alreadyTracked = tracker.list()[0]!.placeId
    await requests.request([fresh!.placeId, alreadyTracked, 1, other!.placeId])
    const deps = { ...depsOf(client, tracker, new CollectingPublisher()), trackingRequests: requests }
    const result = await pollTrackingRequests(deps, { slot: SLOT })
    expect(result).toEqual({ tracked: 2, skipped: 2, retried: 0 })
    expect(tracker.size).toBe(SEEDED + 2)
    expect(tracker.list().slice(-2)).toEqual([
      { ...fresh, source: 'tag', since: clock.now() },
      { ...other, source: 'tag', since: clock.now() },
    ])
    expect(await requests.take(10)).toEqual([])
    // The next sweep polls them like any tracked experience.
    const publisher = new CollectingPublisher()
    await pollGamesAndVotes({ ...deps, publisher }, { slot: SLOT })
    const polled = publisher.of<PlaceSnapshotV1>(topics.snapshots).map((s) => s.place_id)
    expect(polled).toEqual(expect.arrayContaining([fresh!.placeId, other!.placeId]))
  })

  it('asks again for the places the platform could not answer for', async () => {
    const tracker = await seededTracker(clientOf(sim.baseTemplate))
    const requests = createInMemoryTrackingRequests()
    const [fresh] = unseeded(1)
    await requests.request([fresh!.placeId])
    // A platform that answers every call with an error.
    const down = clientOf(faulty.baseTemplate.replace(/:\d+/, ':1'), { maxRetries: 0 })
    const deps = { ...depsOf(down, tracker, new CollectingPublisher()), trackingRequests: requests }
    expect(await pollTrackingRequests(deps, { slot: SLOT })).toEqual({ tracked: 0, skipped: 0, retried: 1 })
    expect(tracker.size).toBe(SEEDED)
    expect(await requests.take(10)).toEqual([fresh!.placeId])
  })

  it('does nothing without requests, or without the requests wired', async () => {
    const tracker = await seededTracker(clientOf(sim.baseTemplate))
    const deps = depsOf(clientOf(sim.baseTemplate), tracker, new CollectingPublisher())
    expect(await pollTrackingRequests(deps, { slot: SLOT })).toEqual({ tracked: 0, skipped: 0, retried: 0 })
    const wired = { ...deps, trackingRequests: createInMemoryTrackingRequests() }
    expect(await pollTrackingRequests(wired, { slot: SLOT })).toEqual({ tracked: 0, skipped: 0, retried: 0 })
  })
})

describe('registerPollers with the in-process scheduler', () => {
  it('runs the pollers on their (shortened) intervals and stops cleanly', async () => {
    const client = clientOf(sim.baseTemplate)
    const tracker = await seededTracker(client, 20)
    const publisher = new CollectingPublisher()
    // The scheduler's own clock and timers, driven by the test: boundaries come when the test says.
    const time = virtualTimers(SLOT)
    const scheduler = createInProcessScheduler({ clock: time.clock, logger, setTimer: time.setTimer })
    const names = registerPollers(scheduler, depsOf(client, tracker, publisher, true), {
      everyMs: {
        games: 60,
        sorts: 60,
        thumbnails: 120,
        'play-status': 120,
        'age-ratings': 240,
        creators: 240,
        'tracking-requests': 240,
      },
    })
    expect(names).toHaveLength(7)
    await scheduler.start()
    // No sweep before its first boundary (the other pollers' offsets have passed by then).
    await time.advanceTo(SLOT + 59)
    expect(publisher.of(topics.snapshots)).toHaveLength(0)
    // The games sweep's first boundary: one snapshot per tracked experience, then the platform total.
    await time.advanceTo(SLOT + 60)
    await publisher.holds(topics.platform, 1)
    expect(publisher.of(topics.snapshots)).toHaveLength(20)
    // Its next boundary sweeps again, for the same 10-minute slot.
    await time.advanceTo(SLOT + 120)
    await publisher.holds(topics.platform, 2)
    expect(publisher.of(topics.snapshots)).toHaveLength(40)
    expect(publisher.of<PlaceSnapshotV1>(topics.snapshots).every((s) => s.slot === SLOT)).toBe(true)
    // stop() lets the runs in progress finish (the chart sorts of their first boundaries among them)…
    await scheduler.stop()
    expect(publisher.of(topics.charts).length).toBeGreaterThan(0)
    // …and leaves nothing armed: a whole day of boundaries passes without a run.
    expect(time.pending()).toBe(0)
    const published = [...publisher.byTopic].map(([topic, list]) => [topic, list.length])
    await time.advanceTo(SLOT + 86_400_000)
    expect([...publisher.byTopic].map(([topic, list]) => [topic, list.length])).toEqual(published)
  })
})
