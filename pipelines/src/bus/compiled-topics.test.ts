import {
  type ChartSortSnapshotV1,
  type GameEventV1,
  messageIdOf,
  type PlaceMetadataV1,
  type Topic,
  topics,
} from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { snapshot } from './bus-contract.ts'
import { CompiledTopics } from './compiled-topics.ts'

const SLOT = Date.UTC(2024, 4, 6, 12, 30)

const chart: ChartSortSnapshotV1 = {
  schema_version: 1,
  id: messageIdOf('top-trending', SLOT),
  slot: SLOT,
  observed_at: SLOT + 5,
  sort_id: 'top-trending',
  category_id: 12,
  display_name: 'Trending',
  entries: [
    { universe_id: 7, place_id: 70, position: 1, sponsored: false, playing: 500 },
    { universe_id: 8, place_id: 80, position: null, sponsored: true, playing: 0 },
  ],
}

const details: PlaceMetadataV1 = {
  schema_version: 1,
  id: messageIdOf('details', 7, 'v1'),
  universe_id: 7,
  place_id: 70,
  observed_at: SLOT + 1,
  change: 'details',
  name: 'Tab\there "quoted" \\ back',
  description: null,
  creator_id: 99,
  creator_type: 'Group',
  creator_name: 'Studio',
  creator_verified: true,
  genre_l1: 'RPG',
  genre_l2: 'Open World',
  price: 25,
  max_players: 30,
  created_at: Date.UTC(2020, 0, 2, 3, 4, 5, 678),
  updated_at: Date.UTC(2024, 4, 1),
}

const gameEvent: GameEventV1 = {
  schema_version: 1,
  place_id: 70,
  game_key: 'a'.repeat(32),
  event_id: 'e-1',
  name: 'round_won',
  time: SLOT,
  value: null,
  properties: '{}',
  received_at: SLOT + 1,
}

/** Valid messages of the hot topics, with the extremes their rules allow. */
const valid: ReadonlyArray<readonly [Topic<unknown>, unknown]> = [
  [topics.snapshots, snapshot(1, 0)],
  [topics.snapshots, { ...snapshot(2, 3), up_votes: 0, down_votes: 12 }],
  [topics.snapshots, { ...snapshot(3, 0), visits: Number.MAX_SAFE_INTEGER, slot: 0, observed_at: 0 }],
  [topics.snapshots, { ...snapshot(4, 0), extra: 'stripped, as zod strips it' }],
  [topics.charts, chart],
  [topics.charts, { ...chart, category_id: null, entries: [] }],
  [topics.metadata, details],
  [topics.metadata, { ...details, change: 'restricted', restricted: false }],
  [topics.gameEvents, gameEvent],
  [topics.gameEvents, { ...gameEvent, value: -1.5 }],
] as ReadonlyArray<readonly [Topic<unknown>, unknown]>

/** Invalid ones, each breaking one rule, so the compiled path must hand them to zod's parser. */
const invalid: ReadonlyArray<readonly [Topic<unknown>, unknown]> = [
  [topics.snapshots, { ...snapshot(1, 0), playing: 1.5 }],
  [topics.snapshots, { ...snapshot(1, 0), visits: Number.NaN }],
  [topics.snapshots, { ...snapshot(1, 0), visits: 2 ** 53 }],
  [topics.snapshots, { ...snapshot(1, 0), slot: SLOT + 60_000 }],
  [topics.snapshots, { ...snapshot(1, 0), id: 'NOT-HEX' }],
  [topics.snapshots, { ...snapshot(1, 0), source: 'scraper' }],
  [topics.snapshots, { ...snapshot(1, 0), up_votes: undefined }],
  [topics.snapshots, null],
  [topics.snapshots, [snapshot(1, 0)]],
  [topics.charts, { ...chart, entries: [{ ...chart.entries[0], position: 0 }] }],
  [topics.charts, { ...chart, category_id: 39 }],
  [topics.charts, { ...chart, sort_id: '' }],
  [topics.metadata, { ...details, change: 'nonsense' }],
  [topics.gameEvents, { ...gameEvent, event_id: 'x'.repeat(65) }],
] as ReadonlyArray<readonly [Topic<unknown>, unknown]>

describe('compiled topics', () => {
  const compiled = new CompiledTopics()

  it('compiles the high-volume topics for real (a schema zod cannot compile would fall back silently)', () => {
    for (const topic of [topics.snapshots, topics.charts, topics.gameEvents]) {
      expect(() => z.compile(topic.schema, { strict: true })).not.toThrow()
    }
  })

  it('keeps the name and the key, and compiles each topic once per bus', () => {
    const once = compiled.of(topics.snapshots)
    expect(compiled.of(topics.snapshots)).toBe(once)
    expect(once.name).toBe(topics.snapshots.name)
    expect(once.schema).not.toBe(topics.snapshots.schema)
    expect(once.key(snapshot(42, 0))).toBe('42')
    expect(new CompiledTopics().of(topics.snapshots)).not.toBe(once)
  })

  it.each(valid.map(([t, m], i) => [i, t.name, t, m] as const))(
    'valid #%i (%s): the output of zod, in a fresh object',
    (_i, _name, topic, message) => {
      const expected = topic.schema.safeParse(message)
      const got = compiled.of(topic).schema.safeParse(message)
      expect(got.success).toBe(true)
      expect(got).toEqual(expected)
      expect(Object.keys(got.data as object)).toEqual(Object.keys(expected.data as object))
      expect(got.data).not.toBe(message)
      const entries = (message as Partial<ChartSortSnapshotV1>).entries
      if (entries) expect((got.data as ChartSortSnapshotV1).entries).not.toBe(entries)
    },
  )

  it.each(invalid.map(([t, m], i) => [i, t.name, t, m] as const))(
    'invalid #%i (%s): refused with zod’s own issues',
    (_i, _name, topic, message) => {
      const expected = topic.schema.safeParse(message)
      const got = compiled.of(topic).schema.safeParse(message)
      expect(expected.success).toBe(false)
      expect(got.success).toBe(false)
      expect(got.error?.issues).toEqual(expected.error?.issues)
    },
  )
})
