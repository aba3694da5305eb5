import { BusValidationError, topics } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { snapshot } from '../bus-contract.ts'
import { kafkaGroupId, kafkaTopicName, parseBrokers } from './client.ts'
import { deadLetterMessage, decodeRecord, encodeMessages, readDeadLetter } from './codec.ts'

const record = (value: string | Buffer | null, key = '1') => ({
  key: Buffer.from(key),
  value: typeof value === 'string' ? Buffer.from(value) : value,
})

describe('Kafka message codec', () => {
  it('encodes what the schema accepted, keyed by the topic key, and decodes it back', () => {
    const m = snapshot(42, 3)
    const [encoded] = encodeMessages(topics.snapshots, [m])
    expect(encoded?.key).toBe('42')
    const decoded = decodeRecord(topics.snapshots, record(encoded!.value, encoded!.key))
    expect(decoded).toEqual({ ok: true, message: m })
  })

  it('refuses a batch with an invalid message, naming its index and field', () => {
    const err = (() => {
      try {
        encodeMessages(topics.snapshots, [snapshot(1, 0), { ...snapshot(1, 1), visits: -3 }])
      } catch (e) {
        return e
      }
    })()
    expect(err).toBeInstanceOf(BusValidationError)
    expect((err as BusValidationError).index).toBe(1)
    expect((err as BusValidationError).issues).toMatch(/^visits: /)
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
      { group: 'sink', partition: 2, offset: '41' },
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
    })
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
