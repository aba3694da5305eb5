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

/** A message as it travels: JSON text keyed by the topic's key (the partition follows the key). */
export interface EncodedMessage {
  readonly key: string
  readonly value: string
}

/**
 * Validates every message (the first invalid one rejects the whole batch with BusValidationError) and
 * serialises the schema's output, so what travels is exactly what the schema accepted.
 */
export function encodeMessages<T>(topic: Topic<T>, messages: readonly T[]): EncodedMessage[] {
  const out: EncodedMessage[] = new Array(messages.length)
  for (let i = 0; i < messages.length; i++) {
    const parsed = topic.schema.safeParse(messages[i])
    if (!parsed.success) {
      throw new BusValidationError(topic.name, i, describeIssues(parsed.error.issues), {
        cause: parsed.error,
      })
    }
    out[i] = { key: topic.key(parsed.data), value: JSON.stringify(parsed.data) }
  }
  return out
}

/** The JSON of a payload that may not be JSON-serialisable as given (raw bytes, a string). */
export function encodeRaw(payload: unknown): Buffer | string {
  if (payload instanceof Uint8Array) return Buffer.from(payload)
  return JSON.stringify(payload) ?? 'null'
}

export type Decoded<T> =
  | { readonly ok: true; readonly message: T }
  | { readonly ok: false; readonly letter: DeadLetter }

interface RecordLike {
  readonly key: Buffer | null
  readonly value: Buffer | null
}

/**
 * Parses and validates a consumed record. Anything that does not come out as the topic's schema — bytes
 * that are not JSON, an empty value, a message of another version — becomes a dead letter with the reason.
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
  const parsed = topic.schema.safeParse(json)
  if (parsed.success) return { ok: true, message: parsed.data }
  return {
    ok: false,
    letter: { topic: topic.name, key, reason: describeIssues(parsed.error.issues), payload: json },
  }
}

/** Where a dead letter came from, carried as record headers of the dead-letter topic. */
export interface DeadLetterOrigin {
  readonly group: string
  readonly partition: number
  readonly offset: string
}

const HEADER_GROUP = 'ludex-group'
const HEADER_PARTITION = 'ludex-source-partition'
const HEADER_OFFSET = 'ludex-source-offset'

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
    },
  }
}

/** A record of the dead-letter topic read back, with where it came from when the headers say. */
export interface StoredDeadLetter {
  readonly letter: DeadLetterV1
  readonly group: string | null
  readonly sourcePartition: number | null
  readonly sourceOffset: string | null
}

const headerText = (headers: IHeaders | undefined, name: string): string | null => {
  const v = headers?.[name]
  if (v === undefined) return null
  const first = Array.isArray(v) ? v[0] : v
  return first === undefined ? null : first.toString()
}

export function readDeadLetter(record: RecordLike & { headers?: IHeaders }): StoredDeadLetter | null {
  const decoded = decodeRecord(topics.deadLetter, record)
  if (!decoded.ok) return null
  const partition = headerText(record.headers, HEADER_PARTITION)
  return {
    letter: decoded.message,
    group: headerText(record.headers, HEADER_GROUP),
    sourcePartition: partition === null ? null : Number(partition),
    sourceOffset: headerText(record.headers, HEADER_OFFSET),
  }
}
