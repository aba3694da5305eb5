import {
  type ChartEntry,
  type ChartSortSnapshotV1,
  type CreatorV1,
  type DailyPicksV1,
  type DeadLetter,
  type ErrorReportV1,
  type GameEventV1,
  type PlaceMetadataV1,
  type PlaceSnapshotV1,
  type PlatformTotalsV1,
  type SiteEventV1,
  TEN_MINUTES_MS,
} from '@ludex/schemas'
import { TsvWriter } from './tsv-writer.ts'

/**
 * Message → row conversion. High-volume tables (snapshots, latest, chart positions) are encoded as
 * TabSeparated text built by concatenation: chDB parses it about twice as fast as JSONEachRow and it
 * skips JSON.stringify's per-key work (see README for the figures). The low-volume tables go as
 * JSONEachRow objects, which handle arrays and free text without hand-written escaping.
 *
 * Time columns: DateTime takes epoch seconds; DateTime64(3) takes the integer epoch milliseconds as
 * ticks (verified for both TabSeparated and JSONEachRow, chDB and server alike), so no Date is built.
 */

/** A table's batch in TabSeparated text, with the columns in the order of each line. */
export interface TsvRows {
  readonly columns: readonly [string, ...string[]]
  readonly text: string | Buffer
  readonly count: number
  /** Settings of the rows' INSERT besides the sink's own (insertTsv), where the table needs its own. */
  readonly settings?: Readonly<Record<string, number>>
}

/**
 * place_snapshots' INSERT leaves replacing to the merges: a ReplacingMergeTree otherwise sorts and
 * collapses each inserted block by its key first, which a batch of distinct (place, slot) rows never
 * needs. Every read of the table is FINAL, so a row replayed within one batch is still read once.
 * Measured on chDB, 6 M rows in 100,000-row inserts: 340–352k → 424–455k rows a second.
 * chart_positions keeps the default: its inserts are small, and a capture's listings of a place are one
 * row already (placeListings).
 */
const SNAPSHOT_INSERT_SETTINGS = { optimize_on_insert: 0 } as const

const NULL = '\\N'
const sec = (ms: number) => Math.floor(ms / 1000)

/** TabSeparated string escaping: backslash, tab, newline and carriage return. */
export function tsvEscape(s: string): string {
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : s
}

/** place_latest's columns: a snapshot's counters as of its slot (latestRows). */
export const latestColumns = [
  'place_id',
  'universe_id',
  'slot',
  'observed_at',
  'playing',
  'visits',
  'favorites',
  'up_votes',
  'down_votes',
] as const

export const snapshotColumns = [...latestColumns, 'source'] as const

/** A snapshot's values of latestColumns, in their order: the start of its snapshot row, its whole latest row. */
function writeLatest(w: TsvWriter, m: PlaceSnapshotV1): TsvWriter {
  return w
    .uint(m.place_id)
    .uint(m.universe_id)
    .uint(m.slot / 1000)
    .uint(m.observed_at)
    .uint(m.playing)
    .uint(m.visits)
    .uint(m.favorites)
    .nullableUint(m.up_votes)
    .nullableUint(m.down_votes)
}

/** The snapshot rows of a batch (place_latest's rows of it: latestRows). */
export function snapshotRows(batch: readonly PlaceSnapshotV1[]): TsvRows {
  const w = new TsvWriter(batch.length * 100)
  for (const m of batch) {
    // source is an enum: nothing to escape.
    writeLatest(w, m).raw(m.source)
    w.endRow()
  }
  return {
    columns: snapshotColumns,
    text: w.bytes(),
    count: batch.length,
    settings: SNAPSHOT_INSERT_SETTINGS,
  }
}

/** Whether snapshot a is newer than b: the later slot, then the later observation (as place_latest keeps). */
function newer(a: PlaceSnapshotV1, b: PlaceSnapshotV1): boolean {
  return a.slot > b.slot || (a.slot === b.slot && a.observed_at > b.observed_at)
}

/**
 * place_latest's rows of a snapshot batch: each place's newest snapshot in it. The sink writes them after
 * the batch's snapshots, and place_latest (replacing by slot) keeps the newest across batches, so a batch
 * replayed or arriving late never moves a place back. Computed here rather than by a materialised view
 * on place_snapshots: the view's per-block aggregation was about a fifth of the engine's time per
 * snapshot inserted (pipelines/README.md, "Sink"), where this pass costs a map lookup per row and the
 * insert holds one row per place (a backfill batch of 100,000 snapshots spans ~50 slots: ~2,000 rows).
 */
export function latestRows(batch: readonly PlaceSnapshotV1[]): TsvRows {
  const newest = new Map<number, PlaceSnapshotV1>()
  for (const m of batch) {
    const seen = newest.get(m.place_id)
    if (seen === undefined || newer(m, seen)) newest.set(m.place_id, m)
  }
  const w = new TsvWriter(newest.size * 90)
  for (const m of newest.values()) {
    writeLatest(w, m)
    w.endRow()
  }
  return { columns: latestColumns, text: w.bytes(), count: newest.size }
}

export const chartColumns = [
  'sort_id',
  'category_id',
  'slot',
  'place_id',
  'universe_id',
  'position',
  'sponsored',
  'playing',
  'observed_at',
] as const

/**
 * A capture's listings of each place as one row, the table's key being (sort, slot, place): its best
 * ranked position (null when every listing was a sponsored tile), `sponsored` when any listing was one.
 * A place the platform shows both as an ad and organically keeps its rank and its ad day; one row per
 * listing would leave the merge to keep either (the rank lost, or the ad).
 */
export function placeListings(entries: readonly ChartEntry[]): ChartEntry[] {
  const byPlace = new Map<number, ChartEntry>()
  for (const e of entries) {
    const seen = byPlace.get(e.place_id)
    if (!seen) {
      byPlace.set(e.place_id, e)
      continue
    }
    const positions = [seen.position, e.position].filter((p): p is number => p !== null)
    byPlace.set(e.place_id, {
      ...seen,
      position: positions.length > 0 ? Math.min(...positions) : null,
      sponsored: seen.sponsored || e.sponsored,
      playing: Math.max(seen.playing, e.playing),
    })
  }
  return [...byPlace.values()]
}

export function chartRows(batch: readonly ChartSortSnapshotV1[]): TsvRows {
  let text = ''
  let count = 0
  for (const m of batch) {
    const prefix = `${tsvEscape(m.sort_id)}\t${m.category_id ?? 0}\t${m.slot / 1000}\t`
    for (const e of placeListings(m.entries)) {
      text += `${prefix}${e.place_id}\t${e.universe_id}\t${e.position ?? NULL}\t${e.sponsored ? 'true' : 'false'}\t${e.playing}\t${m.observed_at}\n`
      count++
    }
  }
  return { columns: chartColumns, text, count }
}

export const gameEventColumns = [
  'place_id',
  'event_id',
  'game_key',
  'name',
  'time',
  'value',
  'properties',
  'received_at',
] as const

/**
 * Game events as TabSeparated (a busy game sends tens of thousands a second): free text escaped,
 * times as epoch-millisecond ticks of DateTime64(3), a missing value as NULL.
 */
export function gameEventRows(batch: readonly GameEventV1[]): TsvRows {
  let text = ''
  for (const m of batch) {
    text += `${m.place_id}\t${tsvEscape(m.event_id)}\t${m.game_key}\t${tsvEscape(m.name)}\t${m.time}\t${
      m.value === null ? NULL : String(m.value)
    }\t${tsvEscape(m.properties)}\t${m.received_at}\n`
  }
  return { columns: gameEventColumns, text, count: batch.length }
}

export type JsonRow = Record<
  string,
  string | number | boolean | null | readonly (string | number)[] | Readonly<Record<string, string>>
>

export interface MetadataRows {
  readonly details: JsonRow[]
  readonly thumbnails: JsonRow[]
  readonly ageRatings: JsonRow[]
  readonly playStatus: JsonRow[]
  readonly restrictions: JsonRow[]
}

export function metadataRows(batch: readonly PlaceMetadataV1[]): MetadataRows {
  const out: MetadataRows = { details: [], thumbnails: [], ageRatings: [], playStatus: [], restrictions: [] }
  for (const m of batch) {
    const base = {
      place_id: m.place_id,
      universe_id: m.universe_id,
      observed_at: m.observed_at,
      message_id: m.id,
    }
    switch (m.change) {
      case 'details':
        out.details.push({
          ...base,
          name: m.name,
          description: m.description,
          creator_id: m.creator_id,
          creator_type: m.creator_type,
          creator_name: m.creator_name,
          creator_verified: m.creator_verified,
          genre_l1: m.genre_l1,
          genre_l2: m.genre_l2,
          price: m.price,
          max_players: m.max_players,
          created_at: m.created_at,
          updated_at: m.updated_at,
        })
        break
      case 'thumbnail':
        out.thumbnails.push({ ...base, type: m.type, hash: m.hash })
        break
      case 'age_rating':
        out.ageRatings.push({ ...base, age_limit: m.age_limit, maturity: m.maturity })
        break
      case 'play_status':
        out.playStatus.push({ ...base, play_status: m.play_status })
        break
      case 'restricted':
        out.restrictions.push({ ...base, restricted: m.restricted })
        break
    }
  }
  return out
}

export function dailyPicksRows(batch: readonly DailyPicksV1[]): JsonRow[] {
  return batch.map((m) => ({
    date: m.date,
    place_ids: m.places.map((p) => p.place_id),
    universe_ids: m.places.map((p) => p.universe_id),
    names: m.places.map((p) => p.name),
    observed_at: m.observed_at,
  }))
}

export function platformRows(batch: readonly PlatformTotalsV1[]): JsonRow[] {
  return batch.map((m) => ({
    slot: sec(m.slot),
    tracked_ccu: m.tracked_ccu,
    tracked_experiences: m.tracked_experiences,
    observed_at: m.observed_at,
  }))
}

export function creatorRows(batch: readonly CreatorV1[]): JsonRow[] {
  return batch.map((m) => ({
    creator_id: m.creator_id,
    creator_type: m.creator_type,
    name: m.name,
    verified: m.verified,
    thumbnail_hash: m.thumbnail_hash,
    member_count: m.member_count,
    observed_at: m.observed_at,
  }))
}

export function siteEventRows(batch: readonly SiteEventV1[]): JsonRow[] {
  return batch.map((m) => ({
    id: m.id,
    at: sec(m.at),
    event: m.event,
    path: m.path,
    title: m.title,
    referrer: m.referrer,
    user_id: m.user_id,
    properties: m.properties,
    client_ip: m.client_ip,
  }))
}

export function errorReportRows(batch: readonly ErrorReportV1[]): JsonRow[] {
  return batch.map((m) => ({
    id: m.id,
    at: sec(m.at),
    kind: m.kind,
    name: m.name,
    message: m.message,
    stack: m.stack,
    path: m.path,
    release: m.release,
    user_agent: m.user_agent,
  }))
}

/** The payload as JSON text; a payload JSON cannot encode is described rather than lost. */
export function payloadText(payload: unknown): string {
  try {
    return (
      JSON.stringify(payload, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'undefined'
    )
  } catch (err) {
    return `unserialisable payload: ${err instanceof Error ? err.message : String(err)}`
  }
}

export function deadLetterRows(letters: readonly DeadLetter[], failedAt: number, group: string): JsonRow[] {
  return letters.map((l) => ({
    topic: l.topic,
    key: l.key,
    reason: `[group ${group}] ${l.reason}`,
    payload: payloadText(l.payload),
    failed_at: failedAt,
  }))
}

/** The slot a timestamp falls in, for messages that carry no slot of their own. */
export const slotOf = (ms: number) => ms - (ms % TEN_MINUTES_MS)
