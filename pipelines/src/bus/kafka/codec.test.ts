import { BusValidationError, type Topic, topics } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { snapshot } from '../bus-contract.ts'
import { kafkaGroupId, kafkaTopicName, parseBrokers } from './client.ts'
import {
  deadLetterMessage,
  decodeMessages,
  decodeRecord,
  type EncodedRecord,
  encodeRecords,
  PACK_HEADER,
  readDeadLetter,
} from './codec.ts'

const record = (value: string | Buffer | null, key = '1', headers?: Record<string, string>) => ({
  key: Buffer.from(key),
  value: typeof value === 'string' ? Buffer.from(value) : value,
  ...(headers && { headers }),
})
/** A record as a consumer receives it from what the producer sends. */
const received = (r: EncodedRecord) => record(r.value, r.key, r.headers as Record<string, string> | undefined)
const tag = (m: { universe_id: number; playing: number }) => `${m.universe_id}@${m.playing}`
/** Every message the records hold, decoded, in record order. */
const unpack = (records: readonly EncodedRecord[]) =>
  records
    .flatMap((r) => decodeMessages(topics.snapshots, received(r)))
    .map((d) => {
      if (!d.ok) throw new Error(d.letter.reason)
      return d.message
    })
/** A packed value (format 1) of snapshots, rows given as they travel. */
const packedText = (rows: unknown[]) => JSON.stringify({ fields: Object.keys(snapshot(1, 0)), rows })
const rowOf = (m: object) => Object.values(m)
const NO_PACKING = 0
const PACK_64K = 65_536

describe('Kafka message codec', () => {
  it('encodes what the schema accepted, keyed by the topic key, and decodes it back', () => {
    const m = snapshot(42, 3)
    const [encoded] = encodeRecords(topics.snapshots, [{ ...m, extra: 'dropped' } as typeof m], PACK_64K)
    // A single message of its key is a plain record: the message's JSON, no packing header.
    expect(encoded?.key).toBe('42')
    expect(encoded?.headers).toBeUndefined()
    expect(JSON.parse(encoded!.value)).toEqual(m)
    expect(encoded?.messages).toBe(1)
    expect(encoded?.bytes).toBe(2 + Buffer.byteLength(encoded!.value))
    const decoded = decodeRecord(topics.snapshots, record(encoded!.value, encoded!.key))
    expect(decoded).toEqual({ ok: true, message: m })
    expect(decodeMessages(topics.snapshots, received(encoded!))).toEqual([decoded])
  })

  it("packs each key's messages of a publish into one record, in order, and unpacks them", () => {
    // Backfill-shaped: every experience for each of 5 consecutive slots.
    const sent = Array.from({ length: 15 }, (_, i) => snapshot(1 + (i % 3), Math.floor(i / 3)))
    const records = encodeRecords(topics.snapshots, sent, PACK_64K)
    expect(records.map((r) => [r.key, r.messages])).toEqual([
      ['1', 5],
      ['2', 5],
      ['3', 5],
    ])
    for (const r of records) {
      expect(r.headers).toEqual({ [PACK_HEADER]: '1' })
      // The value names the fields once and gives each message's values in that order.
      const ofKey = sent.filter((m) => String(m.universe_id) === r.key)
      expect(JSON.parse(r.value)).toEqual({
        fields: Object.keys(ofKey[0]!),
        rows: ofKey.map((m) => Object.values(m)),
      })
      expect(r.bytes).toBe(Buffer.byteLength(r.key) + Buffer.byteLength(r.value))
    }
    const got = unpack(records)
    expect(got).toHaveLength(sent.length)
    for (const key of [1, 2, 3]) {
      const ofKey = (ms: typeof sent) => ms.filter((m) => m.universe_id === key).map(tag)
      expect(ofKey(got)).toEqual(ofKey(sent))
    }
  })

  it('keeps packs under the size limit, in order, and sends a message too large to share one alone', () => {
    const sent = Array.from({ length: 40 }, (_, i) => snapshot(9, i))
    const packedSize = (n: number) => encodeRecords(topics.snapshots, sent.slice(0, n), PACK_64K)[0]!.bytes
    // Room for 6 messages a record: at least 7 records for 40.
    const limit = packedSize(6) - 1
    const records = encodeRecords(topics.snapshots, sent, limit)
    expect(records.length).toBeGreaterThanOrEqual(7)
    for (const r of records) expect(Buffer.byteLength(r.value)).toBeLessThanOrEqual(limit)
    expect(records.reduce((n, r) => n + r.messages, 0)).toBe(40)
    expect(unpack(records).map(tag)).toEqual(sent.map(tag))

    // No room for two: each goes alone, as a plain record.
    const alone = encodeRecords(topics.snapshots, sent.slice(0, 3), packedSize(2) - 2)
    expect(alone.map((r) => [r.messages, r.headers])).toEqual([
      [1, undefined],
      [1, undefined],
      [1, undefined],
    ])
    expect(unpack(alone).map(tag)).toEqual(sent.slice(0, 3).map(tag))
  })

  it('sends every message as a plain record with packing off', () => {
    const sent = Array.from({ length: 6 }, (_, i) => snapshot(5, i))
    const records = encodeRecords(topics.snapshots, sent, NO_PACKING)
    expect(records.map((r) => r.messages)).toEqual([1, 1, 1, 1, 1, 1])
    expect(records.every((r) => r.headers === undefined)).toBe(true)
    expect(unpack(records).map(tag)).toEqual(sent.map(tag))
  })

  it('refuses a batch with an invalid message, naming its index and field', () => {
    const err = (() => {
      try {
        encodeRecords(topics.snapshots, [snapshot(1, 0), { ...snapshot(1, 1), visits: -3 }], PACK_64K)
      } catch (e) {
        return e
      }
    })()
    expect(err).toBeInstanceOf(BusValidationError)
    expect((err as BusValidationError).index).toBe(1)
    expect((err as BusValidationError).issues).toMatch(/^visits: /)
  })

  it('validates each message of a packed record: the invalid become dead letters with their index, the rest stay', () => {
    const good = [snapshot(3, 0), snapshot(3, 2), snapshot(3, 5)]
    const bad = { ...snapshot(3, 1), playing: -1 }
    const v2 = { ...snapshot(3, 3), schema_version: 2 }
    const short = rowOf(snapshot(3, 4)).slice(0, 5)
    const rows = [rowOf(good[0]!), rowOf(bad), rowOf(good[1]!), rowOf(v2), short, rowOf(good[2]!)]
    const decoded = decodeMessages(topics.snapshots, record(packedText(rows), '3', { [PACK_HEADER]: '1' }))
    expect(decoded.map((d) => d.ok)).toEqual([true, false, true, false, false, true])
    expect(decoded.filter((d) => d.ok).map((d) => d.ok && d.message)).toEqual(good)
    const letters = decoded.flatMap((d) => (d.ok ? [] : [d]))
    expect(letters.map((l) => l.index)).toEqual([1, 3, 4])
    // A letter holds the message as an object, as a plain record's would (dlq retry republishes it).
    expect(letters[0]?.letter).toMatchObject({ topic: 'snapshots.v1', key: '3', payload: bad })
    expect(letters[0]?.letter.reason).toMatch(/^playing: /)
    expect(letters[1]?.letter.reason).toMatch(/^schema_version: /)
    expect(letters[2]?.letter).toMatchObject({
      reason: 'packed row is not an array of 12 values',
      payload: short,
    })
  })

  it('packs runs of messages with the same fields; a field set to undefined travels as in a plain record', () => {
    // No bus schema has optional fields today; a passthrough topic shows what packing does with them.
    const loose: Topic<Record<string, unknown>> = {
      name: 'loose.v1',
      schema: z.looseObject({ k: z.string() }),
      key: (m) => String(m.k),
    }
    const sent = [
      { k: 'a', x: 1 },
      { k: 'a', x: 2 },
      { k: 'a', y: 3 },
      { k: 'a', y: 4 },
      { k: 'a', x: undefined },
    ]
    const records = encodeRecords(loose, sent, PACK_64K)
    expect(records.map((r) => [r.messages, r.headers?.[PACK_HEADER] ?? 'plain'])).toEqual([
      [2, '1'],
      [2, '1'],
      [1, 'plain'],
    ])
    const got = records.flatMap((r) => decodeMessages(loose, received(r)))
    expect(got.map((d) => d.ok && d.message)).toEqual([
      { k: 'a', x: 1 },
      { k: 'a', x: 2 },
      { k: 'a', y: 3 },
      { k: 'a', y: 4 },
      { k: 'a' },
    ])
  })

  it('dead-letters a packed record it cannot read as a whole, with its text', () => {
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['[{"schema_version":1', { [PACK_HEADER]: '1' }, /^packed record is not JSON: /],
      [JSON.stringify([snapshot(4, 0)]), { [PACK_HEADER]: '1' }, /^packed record is not \{"fields"/],
      [
        JSON.stringify({ fields: ['__proto__'], rows: [[snapshot(4, 0)]] }),
        { [PACK_HEADER]: '1' },
        /^packed record is not \{"fields"/,
      ],
      [JSON.stringify({ fields: ['a', 'a'], rows: [] }), { [PACK_HEADER]: '1' }, /repeats a field name/],
      [packedText([rowOf(snapshot(4, 0))]), { [PACK_HEADER]: '2' }, /unknown format ludex-pack=2/],
    ]
    for (const [text, headers, reason] of cases) {
      const decoded = decodeMessages(topics.snapshots, record(text, '4', headers))
      expect(decoded).toHaveLength(1)
      const [d] = decoded
      expect(d?.ok).toBe(false)
      if (d && !d.ok) {
        expect(d.letter.reason).toMatch(reason)
        expect(d.letter.payload).toBe(text)
        expect(d.index).toBeUndefined()
      }
    }
  })

  it('turns bytes that are not JSON, an empty value and a wrong version into dead letters with the reason', () => {
    const notJson = decodeRecord(topics.snapshots, record(Buffer.from([0xff, 0x7b])))
    expect(notJson.ok).toBe(false)
    if (!notJson.ok) expect(notJson.letter.reason).toMatch(/^not JSON: /)
    const empty = decodeRecord(topics.snapshots, record(null, '7'))
    expect(empty).toEqual({
      ok: false,
      letter: { topic: 'snapshots.v1', key: '7', reason: 'empty message (no value)', payload: null },
    })
    const v2 = { ...snapshot(2, 0), schema_version: 2 }
    const wrong = decodeRecord(topics.snapshots, record(JSON.stringify(v2), '2'))
    expect(wrong.ok).toBe(false)
    if (!wrong.ok) {
      expect(wrong.letter.reason).toMatch(/^schema_version: /)
      expect(wrong.letter.payload).toEqual(v2)
    }
  })

  it('writes a dead letter as a DeadLetterV1 record with where it came from, and reads it back', () => {
    const payload = { ...snapshot(5, 1), playing: -1 }
    const message = deadLetterMessage(
      { topic: 'snapshots.v1', key: '5', reason: 'playing: too small', payload },
      1_700_000_000_000,
      { group: 'sink', partition: 2, offset: '41', index: 7 },
    )
    expect(message.key).toBe('snapshots.v1')
    const stored = readDeadLetter({
      key: Buffer.from(String(message.key)),
      value: Buffer.from(String(message.value)),
      headers: message.headers ?? {},
    })
    expect(stored).toEqual({
      letter: {
        topic: 'snapshots.v1',
        key: '5',
        reason: 'playing: too small',
        payload: JSON.stringify(payload),
        failed_at: 1_700_000_000_000,
      },
      group: 'sink',
      sourcePartition: 2,
      sourceOffset: '41',
      sourceIndex: 7,
    })
    // From a plain record: no position inside it.
    const plain = deadLetterMessage({ topic: 'snapshots.v1', key: '5', reason: 'r', payload }, 1, {
      group: 'sink',
      partition: 0,
      offset: '1',
    })
    expect(plain.headers).not.toHaveProperty('ludex-source-index')
  })
})

describe('Kafka names', () => {
  it('reads KAFKA_BROKERS as host:port, comma- or space-separated, and refuses anything else', () => {
    expect(parseBrokers('a:9092, b:9093 c:1')).toEqual(['a:9092', 'b:9093', 'c:1'])
    expect(() => parseBrokers('a:9092,b')).toThrow(/'b' is not host:port/)
    expect(() => parseBrokers(' , ')).toThrow(/no broker/)
  })

  it('prefixes topics, and gives each (group, topic) its own consumer group', () => {
    const c = { topicPrefix: 'prod.', groupPrefix: 'ludex.' }
    expect(kafkaTopicName(c, 'snapshots.v1')).toBe('prod.snapshots.v1')
    expect(kafkaGroupId(c, 'sink', 'snapshots.v1')).toBe('ludex.sink.snapshots.v1')
    expect(kafkaGroupId(c, 'sink', 'creators.v1')).not.toBe(kafkaGroupId(c, 'sink', 'snapshots.v1'))
  })
})
