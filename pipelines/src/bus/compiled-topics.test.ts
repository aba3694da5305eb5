import { type ChartSortSnapshotV1, type GameEventV1, type Topic, topics } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { chart, details, SLOT } from '../sink/message-fixtures.ts'
import { snapshot } from './bus-contract.ts'
import { CompiledTopics } from './compiled-topics.ts'

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
  [topics.charts, { ...chart, category_id: 12, entries: [] }],
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

  const cases = [
    ...valid.map(([topic, message]) => [topic, message, true] as const),
    ...invalid.map(([topic, message]) => [topic, message, false] as const),
  ].map(([topic, message, ok], i) => [i, topic.name, ok ? 'valid' : 'invalid', topic, message, ok] as const)

  it.each(cases)('#%i (%s, %s): answered as zod answers, a valid one in a fresh object', (...c) => {
    const [, , , topic, message, ok] = c
    const expected = topic.schema.safeParse(message)
    const got = compiled.of(topic).schema.safeParse(message)
    expect(expected.success).toBe(ok)
    expect(got.success).toBe(ok)
    if (!got.success) {
      expect(got.error.issues).toEqual(expected.error?.issues)
      return
    }
    expect(got).toEqual(expected)
    expect(Object.keys(got.data as object)).toEqual(Object.keys(expected.data as object))
    expect(got.data).not.toBe(message)
    const entries = (message as Partial<ChartSortSnapshotV1>).entries
    if (entries) expect((got.data as ChartSortSnapshotV1).entries).not.toBe(entries)
  })
})
