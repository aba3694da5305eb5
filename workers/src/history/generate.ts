import {
  type ChartSortSnapshotV1,
  type CreatorV1,
  chartCategoryForSortId,
  DAILY_PICKS_SORT_ID,
  type DailyPicksV1,
  finishMessageId,
  messageIdOf,
  messageIdPartCodes,
  messageIdPrefix,
  type PlaceMetadataV1,
  type PlaceSnapshotV1,
  type PlatformTotalsV1,
  SCHEMA_VERSION,
} from '@ludex/schemas'
import {
  creatorAt,
  DAY_MS,
  dailyPicksFor,
  type ExperienceMetadata,
  experienceAt,
  fillSample,
  HOUR_MS,
  metadataAt,
  nextMetadataChange,
  type PlatformModel,
  RESTRICTION_PERIOD_MS,
  type ReasonProhibited,
  restrictedInPeriod,
  type Sample,
  SLOT_MS,
  sortsAt,
} from '../simulator/model/index.ts'

/** Everything the platform produced over a contiguous range of slots, for all experiences. */
export interface HistoryBatch {
  /** First slot of the batch (inclusive) and the slot after its last one. */
  readonly fromSlot: number
  readonly toSlot: number
  readonly snapshots: PlaceSnapshotV1[]
  readonly metadata: PlaceMetadataV1[]
  readonly charts: ChartSortSnapshotV1[]
  readonly dailyPicks: DailyPicksV1[]
  readonly platform: PlatformTotalsV1[]
  readonly creators: CreatorV1[]
}

export interface HistoryOptions {
  /** Start (inclusive, rounded up to a slot) and end (exclusive) in epoch ms. */
  readonly fromMs: number
  readonly toMs: number
  /** Slots per batch; default: about 60,000 snapshots a batch. */
  readonly slotsPerBatch?: number
  /** How often chart sorts are captured (a multiple of 10 minutes); default hourly. */
  readonly chartEveryMs?: number
}

export interface HistoryStats {
  readonly slots: number
  readonly snapshots: number
  readonly metadata: number
  readonly charts: number
  readonly dailyPicks: number
  readonly platform: number
  readonly creators: number
}

const PLAY_STATUS: Record<ReasonProhibited, 0 | 1 | 2 | 3 | 5 | 9> = {
  None: 1,
  GuestProhibited: 2,
  Unapproved: 3,
  Private: 5,
  UnderReview: 9,
}

function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

/** Metadata messages for what differs between prev (undefined at first appearance) and next. */
function metadataChanges(
  model: PlatformModel,
  index: number,
  observedAt: number,
  prev: ExperienceMetadata | undefined,
  next: ExperienceMetadata,
  out: PlaceMetadataV1[],
): void {
  const p = experienceAt(model, index)
  const uid = p.universeId
  const base = {
    schema_version: SCHEMA_VERSION,
    universe_id: uid,
    place_id: p.rootPlaceId,
    observed_at: observedAt,
  }
  if (
    !prev ||
    prev.name !== next.name ||
    prev.description !== next.description ||
    prev.price !== next.price ||
    prev.updatedMs !== next.updatedMs ||
    prev.maxPlayers !== next.maxPlayers
  ) {
    const c = creatorAt(model, next.creatorIndex)
    out.push({
      ...base,
      id: messageIdOf(uid, 'details', next.name, next.price, next.updatedMs, next.maxPlayers),
      change: 'details',
      name: next.name,
      description: next.description,
      creator_id: c.id,
      creator_type: c.type,
      creator_name: c.name,
      creator_verified: c.verified,
      genre_l1: next.genreL1,
      genre_l2: next.genreL2,
      price: next.price,
      max_players: next.maxPlayers,
      created_at: next.createdMs,
      updated_at: next.updatedMs,
    })
  }
  if (!prev || prev.iconHash !== next.iconHash) {
    out.push({
      ...base,
      id: messageIdOf(uid, 'thumbnail', 'Icon', next.iconHash),
      change: 'thumbnail',
      type: 'Icon',
      hash: next.iconHash,
    })
  }
  if (!prev || prev.bannerHash !== next.bannerHash) {
    out.push({
      ...base,
      id: messageIdOf(uid, 'thumbnail', 'Banner', next.bannerHash),
      change: 'thumbnail',
      type: 'Banner',
      hash: next.bannerHash,
    })
  }
  if (
    !prev ||
    prev.ageRating.minimumAge !== next.ageRating.minimumAge ||
    prev.ageRating.maturity !== next.ageRating.maturity
  ) {
    const age = next.ageRating.minimumAge
    out.push({
      ...base,
      id: messageIdOf(uid, 'age_rating', age ?? 'null', next.ageRating.maturity),
      change: 'age_rating',
      age_limit: age,
      maturity: next.ageRating.maturity,
    })
  }
  if (!prev || prev.reasonProhibited !== next.reasonProhibited) {
    const code = PLAY_STATUS[next.reasonProhibited]
    out.push({ ...base, id: messageIdOf(uid, 'play_status', code), change: 'play_status', play_status: code })
  }
}

function chartMessages(model: PlatformModel, slot: number, out: ChartSortSnapshotV1[]): void {
  for (const sort of sortsAt(model, slot)) {
    if (sort.sortId === DAILY_PICKS_SORT_ID) continue
    let position = 0
    out.push({
      schema_version: SCHEMA_VERSION,
      id: messageIdOf(sort.sortId, slot),
      slot,
      observed_at: slot,
      sort_id: sort.sortId,
      category_id: chartCategoryForSortId(sort.sortId)?.id ?? null,
      display_name: sort.displayName,
      entries: sort.entries.map((e) => {
        const p = experienceAt(model, e.index)
        return {
          universe_id: p.universeId,
          place_id: p.rootPlaceId,
          position: e.sponsored ? null : ++position,
          sponsored: e.sponsored,
          playing: e.playing,
        }
      }),
    })
  }
}

/** The restriction mark (or unmark) a live poll of the slot would publish. */
function restrictedChange(universeId: number, placeId: number, flag: boolean, slot: number): PlaceMetadataV1 {
  return {
    schema_version: SCHEMA_VERSION,
    id: messageIdOf(universeId, 'restricted', flag ? 1 : 0, slot),
    universe_id: universeId,
    place_id: placeId,
    observed_at: slot,
    change: 'restricted',
    restricted: flag,
  }
}

function picksMessage(model: PlatformModel, day: number, observedAt: number): DailyPicksV1 {
  const date = isoDay(day)
  const places = dailyPicksFor(model, day).map((i) => {
    const p = experienceAt(model, i)
    return {
      universe_id: p.universeId,
      place_id: p.rootPlaceId,
      name: metadataAt(model, i, day * DAY_MS).name,
    }
  })
  return {
    schema_version: SCHEMA_VERSION,
    id: messageIdOf(date, ...places.map((p) => p.place_id)),
    date,
    observed_at: observedAt,
    places,
  }
}

/**
 * The platform's history as bus messages, in batches ordered by slot. Snapshot values are those of
 * sampleAt for the same slot (both call fillSample), so a backfill and a live poll of one slot agree.
 */
export function* historyBatches(model: PlatformModel, options: HistoryOptions): Generator<HistoryBatch> {
  const first = Math.ceil(options.fromMs / SLOT_MS) * SLOT_MS
  const end = options.toMs
  const n = model.count
  const slotsPerBatch = Math.max(1, options.slotsPerBatch ?? Math.round(60_000 / n))
  const chartEvery = Math.max(SLOT_MS, options.chartEveryMs ?? HOUR_MS)

  const created = new Float64Array(n)
  const uids = new Float64Array(n)
  const places = new Float64Array(n)
  const prefixA = new Int32Array(n)
  const prefixB = new Int32Array(n)
  const nextCheck = new Float64Array(n).fill(Number.NEGATIVE_INFINITY)
  const lastMeta: (ExperienceMetadata | undefined)[] = new Array(n)
  const creatorSeen = new Uint8Array(model.creatorCount)
  // The restriction period each experience was last looked at, and whether it was restricted in it.
  const restrictionPeriod = new Float64Array(n).fill(Number.NaN)
  const restricted = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const p = experienceAt(model, i)
    created[i] = p.createdMs
    uids[i] = p.universeId
    places[i] = p.rootPlaceId
    const pre = messageIdPrefix('backfill', p.universeId)
    prefixA[i] = pre.a
    prefixB[i] = pre.b
  }
  const sample: Sample = { playing: 0, visits: 0, favorites: 0, upVotes: 0, downVotes: 0 }
  let lastPicksDay = Number.NaN

  for (let batchStart = first; batchStart < end; batchStart += slotsPerBatch * SLOT_MS) {
    const batchEnd = Math.min(end, batchStart + slotsPerBatch * SLOT_MS)
    const batch: HistoryBatch = {
      fromSlot: batchStart,
      toSlot: Math.ceil(batchEnd / SLOT_MS) * SLOT_MS,
      snapshots: [],
      metadata: [],
      charts: [],
      dailyPicks: [],
      platform: [],
      creators: [],
    }
    const snapshots = batch.snapshots
    for (let slot = batchStart; slot < batchEnd; slot += SLOT_MS) {
      const day = Math.floor(slot / DAY_MS)
      if (day !== lastPicksDay) {
        batch.dailyPicks.push(picksMessage(model, day, slot))
        lastPicksDay = day
      }
      const digits = messageIdPartCodes(slot)
      const period = Math.floor(slot / RESTRICTION_PERIOD_MS)
      let ccu = 0
      let alive = 0
      for (let i = 0; i < n; i++) {
        if ((created[i] as number) > slot) continue
        if (period !== restrictionPeriod[i]) {
          restrictionPeriod[i] = period
          const now = restrictedInPeriod(model, i, period) ? 1 : 0
          if (now !== restricted[i]) {
            restricted[i] = now
            batch.metadata.push(restrictedChange(uids[i] as number, places[i] as number, now === 1, slot))
          }
        }
        // Censored upstream: a live poll sees neither counters nor details, so neither does the past.
        if (restricted[i] === 1) continue
        if (slot >= (nextCheck[i] as number)) {
          const meta = metadataAt(model, i, slot)
          const prev = lastMeta[i]
          if (!prev) {
            const ci = meta.creatorIndex
            if (creatorSeen[ci] === 0) {
              creatorSeen[ci] = 1
              const c = creatorAt(model, ci)
              batch.creators.push({
                schema_version: SCHEMA_VERSION,
                id: messageIdOf(
                  'creator',
                  c.type,
                  c.id,
                  c.name,
                  c.verified ? 1 : 0,
                  c.imageHash,
                  c.memberCount ?? '',
                ),
                creator_id: c.id,
                creator_type: c.type,
                observed_at: slot,
                name: c.name,
                verified: c.verified,
                thumbnail_hash: c.imageHash,
                member_count: c.memberCount,
              })
            }
          }
          metadataChanges(model, i, slot, prev, meta, batch.metadata)
          lastMeta[i] = meta
          nextCheck[i] = nextMetadataChange(model, i, slot)
        }
        fillSample(model, i, slot, sample)
        ccu += sample.playing
        alive++
        snapshots.push({
          schema_version: SCHEMA_VERSION,
          id: finishMessageId(prefixA[i] as number, prefixB[i] as number, digits),
          source: 'backfill',
          universe_id: uids[i] as number,
          place_id: places[i] as number,
          slot,
          observed_at: slot,
          playing: sample.playing,
          visits: sample.visits,
          favorites: sample.favorites,
          up_votes: sample.upVotes,
          down_votes: sample.downVotes,
        })
      }
      batch.platform.push({
        schema_version: SCHEMA_VERSION,
        id: messageIdOf('platform', slot),
        slot,
        observed_at: slot,
        tracked_ccu: ccu,
        tracked_experiences: alive,
      })
      if (slot % chartEvery === 0) chartMessages(model, slot, batch.charts)
    }
    yield batch
  }
}

/** Runs historyBatches, awaiting onBatch for each (so a slow consumer applies backpressure). */
export async function generateHistory(
  model: PlatformModel,
  options: HistoryOptions & { readonly onBatch: (batch: HistoryBatch) => void | Promise<void> },
): Promise<HistoryStats> {
  const stats = { slots: 0, snapshots: 0, metadata: 0, charts: 0, dailyPicks: 0, platform: 0, creators: 0 }
  for (const batch of historyBatches(model, options)) {
    stats.slots += (batch.toSlot - batch.fromSlot) / SLOT_MS
    stats.snapshots += batch.snapshots.length
    stats.metadata += batch.metadata.length
    stats.charts += batch.charts.length
    stats.dailyPicks += batch.dailyPicks.length
    stats.platform += batch.platform.length
    stats.creators += batch.creators.length
    await options.onBatch(batch)
  }
  return stats
}
