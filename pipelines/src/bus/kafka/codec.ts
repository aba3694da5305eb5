import {
  BusValidationError,
  type DeadLetter,
  type DeadLetterV1,
  deadLetterV1,
  type Topic,
  topics,
} from '@ludex/schemas'
import type { IHeaders, Message } from 'kafkajs'
import { describeIssues } from '../dead-letter-handler.ts'

/**
 * The header marking a packed record and its format's version. Version 1: the value is the JSON object
 * `{"fields": [name, …], "rows": [[value, …], …]}`, one row per message of the record's key in publish
 * order, each message being the object with those fields and values (the names written once per record
 * instead of once per message: half the bytes of a snapshot, which kafkajs, the broker and the consumer
 * each handle byte by byte).
 */
export const PACK_HEADER = 'ludex-pack'
export const PACK_VERSION = '1'

/** A packed record's value (version 1). */
export interface PackedValue {
  readonly fields: readonly string[]
  readonly rows: ReadonlyArray<readonly unknown[]>
}

/** A Kafka record to send, with what it holds (for request sizing and counts). */
export interface EncodedRecord extends Message {
  readonly key: string
  readonly value: string
  /** Bytes of key and value (UTF-8). */
  readonly bytes: number
  /** Messages in the record: 1 for a plain record, more when packed. */
  readonly messages: number
}

/**
 * Validates every message (the first invalid one rejects the whole batch with BusValidationError: nothing
 * is sent) and serialises the schema's output, so what travels is exactly what the schema accepted.
 *
 * Packing: the messages of one key are packed, in order, into records whose value is at most
 * `packMaxBytes` (see PACK_VERSION). A key with a single message, or a message too large to share a
 * record, travels as a plain record (the message's JSON, no header), readable by any consumer. Records
 * of different keys come out in any order — the bus promises order per key only — and each key's
 * records in the order of its messages. `packMaxBytes` 0 sends every message as its own plain record
 * (for consumers older than packing).
 */
export function encodeRecords<T>(
  topic: Topic<T>,
  messages: readonly T[],
  packMaxBytes: number,
): EncodedRecord[] {
  const byKey = new Map<string, T[]>()
  const out: EncodedRecord[] = []
  for (let i = 0; i < messages.length; i++) {
    const parsed = topic.schema.safeParse(messages[i])
    if (!parsed.success) {
      throw new BusValidationError(topic.name, i, describeIssues(parsed.error.issues), {
        cause: parsed.error,
      })
    }
    const key = topic.key(parsed.data)
    if (packMaxBytes <= 0) {
      out.push(plainRecord(key, parsed.data))
      continue
    }
    const group = byKey.get(key)
    if (group) group.push(parsed.data)
    else byKey.set(key, [parsed.data])
  }
  for (const [key, group] of byKey) packGroup(out, key, group, packMaxBytes)
  return out
}

function plainRecord(key: string, message: unknown): EncodedRecord {
  const value = JSON.stringify(message)
  return { key, value, bytes: Buffer.byteLength(key) + Buffer.byteLength(value), messages: 1 }
}

/**
 * One key's messages as records, in order: runs of messages with the same fields (every message of a
 * topic, in practice: the schemas have no optional fields) become packed records.
 */
function packGroup(out: EncodedRecord[], key: string, group: readonly unknown[], maxBytes: number): void {
  if (group.length === 1) {
    out.push(plainRecord(key, group[0]))
    return
  }
  let fields: string[] = []
  let rows: unknown[][] = []
  let start = 0
  // JSON has no undefined: a field set to undefined is left out of a plain record, and must not travel
  // as null in a row; such a run goes out as plain records.
  let holes = false
  for (let i = 0; i < group.length; i++) {
    const m = group[i] as Record<string, unknown>
    const names = Object.keys(m)
    let same = i > start && names.length === fields.length
    for (let f = 0; same && f < names.length; f++) same = names[f] === fields[f]
    if (!same) {
      if (i > start) packRun(out, key, group, start, fields, rows, holes, maxBytes)
      fields = names
      rows = []
      start = i
      holes = false
    }
    const row: unknown[] = new Array(names.length)
    for (let f = 0; f < names.length; f++) {
      const v = m[names[f]!]
      if (v === undefined) holes = true
      row[f] = v
    }
    rows.push(row)
  }
  if (group.length > start) packRun(out, key, group, start, fields, rows, holes, maxBytes)
}

/**
 * Rows of one run as records of at most maxBytes: serialised at once (one JSON.stringify of the whole
 * run), and cut into equal parts, each serialised again, only past maxBytes of one key in one publish.
 */
function packRun(
  out: EncodedRecord[],
  key: string,
  group: readonly unknown[],
  start: number,
  fields: readonly string[],
  rows: readonly unknown[][],
  holes: boolean,
  maxBytes: number,
): void {
  if (rows.length === 1 || holes) {
    for (let i = 0; i < rows.length; i++) out.push(plainRecord(key, group[start + i]))
    return
  }
  const packed: PackedValue = { fields, rows }
  const value = JSON.stringify(packed)
  const bytes = Buffer.byteLength(value)
  if (bytes <= maxBytes) {
    out.push({
      key,
      value,
      headers: { [PACK_HEADER]: PACK_VERSION },
      bytes: Buffer.byteLength(key) + bytes,
      messages: rows.length,
    })
    return
  }
  const parts = Math.min(rows.length, Math.ceil(bytes / maxBytes) + 1)
  const size = Math.ceil(rows.length / parts)
  for (let i = 0; i < rows.length; i += size) {
    packRun(out, key, group, start + i, fields, rows.slice(i, i + size), false, maxBytes)
  }
}

/** The JSON of a payload that may not be JSON-serialisable as given (raw bytes, a string). */
export function encodeRaw(payload: unknown): Buffer | string {
  if (payload instanceof Uint8Array) return Buffer.from(payload)
  return JSON.stringify(payload) ?? 'null'
}

export type Decoded<T> =
  | { readonly ok: true; readonly message: T }
  /** index: the message's position in its packed record (absent for a plain record or a whole one). */
  | { readonly ok: false; readonly letter: DeadLetter; readonly index?: number }

interface RecordLike {
  readonly key: Buffer | null
  readonly value: Buffer | null
  readonly headers?: IHeaders
}

/**
 * Parses and validates a consumed plain record. Anything that does not come out as the topic's schema —
 * bytes that are not JSON, an empty value, a message of another version — becomes a dead letter with the
 * reason.
 */
export function decodeRecord<T>(topic: Topic<T>, record: RecordLike): Decoded<T> {
  const key = record.key?.toString() ?? ''
  if (!record.value) {
    return {
      ok: false,
      letter: { topic: topic.name, key, reason: 'empty message (no value)', payload: null },
    }
  }
  const text = record.value.toString()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    return {
      ok: false,
      letter: { topic: topic.name, key, reason: `not JSON: ${(err as Error).message}`, payload: text },
    }
  }
  return validate(topic, key, json)
}

function validate<T>(topic: Topic<T>, key: string, json: unknown): Decoded<T> {
  const parsed = topic.schema.safeParse(json)
  if (parsed.success) return { ok: true, message: parsed.data }
  return {
    ok: false,
    letter: { topic: topic.name, key, reason: describeIssues(parsed.error.issues), payload: json },
  }
}

/**
 * The messages of a consumed record, each validated on its own: one for a plain record, every row of a
 * packed one (an invalid message becomes a dead letter with its position; the others of the record stay
 * valid). A packed record that cannot be read as a whole — not JSON, not `{fields, rows}`, a packing
 * version this consumer does not know — is one dead letter holding the record's text.
 */
export function decodeMessages<T>(topic: Topic<T>, record: RecordLike): Decoded<T>[] {
  const packing = headerText(record.headers, PACK_HEADER)
  if (packing === null) return [decodeRecord(topic, record)]
  const key = record.key?.toString() ?? ''
  const text = record.value?.toString() ?? ''
  const whole = (reason: string): Decoded<T>[] => [
    { ok: false, letter: { topic: topic.name, key, reason, payload: text } },
  ]
  if (packing !== PACK_VERSION) {
    return whole(
      `packed record of unknown format ${PACK_HEADER}=${packing} (this consumer reads ${PACK_VERSION})`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    return whole(`packed record is not JSON: ${(err as Error).message}`)
  }
  const packed = json as Partial<PackedValue> | null
  const fields = packed?.fields
  const rows = packed?.rows
  if (!Array.isArray(fields) || !Array.isArray(rows) || !fields.every(isFieldName)) {
    return whole('packed record is not {"fields": [names], "rows": [[values]]}')
  }
  if (new Set(fields).size !== fields.length) return whole('packed record repeats a field name')
  const out: Decoded<T>[] = new Array(rows.length)
  for (let i = 0; i < rows.length; i++) {
    const row: unknown = rows[i]
    if (!Array.isArray(row) || row.length !== fields.length) {
      const reason = `packed row is not an array of ${fields.length} values`
      out[i] = { ok: false, letter: { topic: topic.name, key, reason, payload: row }, index: i }
      continue
    }
    const message: Record<string, unknown> = {}
    for (let f = 0; f < fields.length; f++) message[fields[f]!] = row[f]
    const d = validate(topic, key, message)
    out[i] = d.ok ? d : { ...d, index: i }
  }
  return out
}

/** Whether a consumed record is packed (its messages' positions in it are then their dead letters' index). */
export function isPacked(record: RecordLike): boolean {
  return headerText(record.headers, PACK_HEADER) !== null
}

/** A field name a message object can take as its own property ("__proto__" would set its prototype). */
const isFieldName = (f: unknown): f is string => typeof f === 'string' && f !== '__proto__'

/** Where a dead letter came from, carried as record headers of the dead-letter topic. */
export interface DeadLetterOrigin {
  readonly group: string
  readonly partition: number
  readonly offset: string
  /** The message's position in its packed record; absent for a plain record. */
  readonly index?: number
}

const HEADER_GROUP = 'ludex-group'
const HEADER_PARTITION = 'ludex-source-partition'
const HEADER_OFFSET = 'ludex-source-offset'
const HEADER_INDEX = 'ludex-source-index'

/** A dead letter as a record of the dead-letter topic (DeadLetterV1, keyed by the source topic). */
export function deadLetterMessage(letter: DeadLetter, failedAt: number, origin: DeadLetterOrigin): Message {
  const value: DeadLetterV1 = deadLetterV1.parse({
    topic: letter.topic,
    key: letter.key,
    reason: letter.reason,
    payload: JSON.stringify(letter.payload) ?? 'null',
    failed_at: failedAt,
  })
  return {
    key: topics.deadLetter.key(value),
    value: JSON.stringify(value),
    headers: {
      [HEADER_GROUP]: origin.group,
      [HEADER_PARTITION]: String(origin.partition),
      [HEADER_OFFSET]: origin.offset,
      ...(origin.index !== undefined && { [HEADER_INDEX]: String(origin.index) }),
    },
  }
}

/** A record of the dead-letter topic read back, with where it came from when the headers say. */
export interface StoredDeadLetter {
  readonly letter: DeadLetterV1
  readonly group: string | null
  readonly sourcePartition: number | null
  readonly sourceOffset: string | null
  /** Position in the packed source record (null: the source was a plain record). */
  readonly sourceIndex: number | null
}

function headerText(headers: IHeaders | undefined, name: string): string | null {
  const v = headers?.[name]
  if (v === undefined) return null
  const first = Array.isArray(v) ? v[0] : v
  return first === undefined ? null : first.toString()
}

/** A record of the dead-letter topic (the bus writes one letter per record) read back; null if invalid. */
export function readDeadLetter(record: RecordLike): StoredDeadLetter | null {
  const decoded = decodeRecord(topics.deadLetter, record)
  if (!decoded.ok) return null
  const partition = headerText(record.headers, HEADER_PARTITION)
  const index = headerText(record.headers, HEADER_INDEX)
  return {
    letter: decoded.message,
    group: headerText(record.headers, HEADER_GROUP),
    sourcePartition: partition === null ? null : Number(partition),
    sourceOffset: headerText(record.headers, HEADER_OFFSET),
    sourceIndex: index === null ? null : Number(index),
  }
}
