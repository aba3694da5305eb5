import type { BatchHandler, DeadLetter, Topic } from '@ludex/schemas'
import type { EachBatchPayload } from 'kafkajs'
import type { Logger } from 'pino'
import { deliverBatch, type RetryPolicy } from '../delivery.ts'
import type { BusObserver } from '../observer.ts'
import { type DeadLetterOrigin, decodeMessages, isPacked } from './codec.ts'

/** Persists the dead letters of one chunk; a rejection is retried (see deliverBatch). */
export type DeadLetterSink = (
  letters: readonly DeadLetter[],
  origins: readonly DeadLetterOrigin[],
) => Promise<void>

export interface ChunkDone {
  readonly partition: number
  /** The offset committed: the next one the group will read. */
  readonly nextOffset: bigint
  /** Records committed by this chunk (a packed record counts once, when its last message is done). */
  readonly records: number
  /** Messages of the chunk the handler took, and dead-lettered (invalid, or refused by the store). */
  readonly handled: number
  readonly deadLettered: number
}

export interface BatchProcessorOptions<T> {
  readonly topic: Topic<T>
  /** The bus group, named in dead letters. */
  readonly group: string
  readonly maxBatch: number
  readonly handler: BatchHandler<T>
  readonly deadLetters: DeadLetterSink
  /** Bounded attempts at what the store refuses, backoff of every retry (see deliverBatch). */
  readonly policy: RetryPolicy
  readonly observer?: BusObserver
  /** How often to heartbeat while a handler (a long ClickHouse insert) or a retry backoff runs. */
  readonly heartbeatIntervalMs: number
  readonly logger: Logger
  /** False once the owner is stopping: no further chunk starts and retries give up. */
  readonly active: () => boolean
  /**
   * Offset (exclusive) up to which a partition is read, for a bounded replay: records at or past it are
   * neither handed over nor committed, and the partition is paused once it gets there.
   */
  readonly endOffset?: (partition: number) => bigint | undefined
  readonly onChunk?: (done: ChunkDone) => void
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * The eachBatch of a subscription (auto-commit and auto-resolve off). The messages of a fetched partition
 * batch — one per plain record, several per packed record — are cut into chunks of at most maxBatch
 * messages, handled one after another, so a partition's order is the delivery order. Each chunk goes
 * through deliverBatch: its invalid messages are dead-lettered first, then the valid ones go to the
 * handler, with bounded attempts and bisection when the store refuses them (a message refused alone is
 * dead-lettered with its origin) and unbounded retries while the store is unavailable. A record is
 * committed, explicitly, once every one of its messages has been handled or dead-lettered: a chunk
 * ending inside a packed record commits up to the record before it, and the rest of the record follows
 * in the next chunk. The committed offset is therefore always the end of the contiguous prefix of
 * records acknowledged in full: while a chunk is retried (with backoff, heartbeating) nothing behind it
 * is committed; a crash redelivers from the first record not acknowledged in full (a packed record's
 * messages already handled come again: at least once, as with any redelivery).
 */
export function batchProcessor<T>(o: BatchProcessorOptions<T>): (payload: EachBatchPayload) => Promise<void> {
  return async (payload) => {
    const { batch } = payload
    const { partition } = batch
    const end = o.endOffset?.(partition)
    let records = batch.messages
    if (end !== undefined) {
      const cut = records.findIndex((r) => BigInt(r.offset) >= end)
      if (cut >= 0) records = records.slice(0, cut)
      if (records.length === 0) {
        payload.pause()
        return
      }
    }
    const live = () => o.active() && payload.isRunning() && !payload.isStale()
    let valid: T[] = []
    let letters: DeadLetter[] = []
    let origins: DeadLetterOrigin[] = []
    let spans: RecordSpan[] = []
    /** The last record whose messages are all in the current chunk or handled, and the last committed. */
    let complete: string | null = null
    let committed: string | null = null
    let completeRecords = 0

    /** Delivers the chunk, then commits the records it completed; false if the consumer stopped first. */
    const flush = async (): Promise<boolean> => {
      if (!live()) return false
      const chunkSpans = spans
      const outcome = await deliverChunk(o, payload, live, valid, letters, origins, (position) =>
        originOf(chunkSpans, position, o.group, partition),
      )
      if (!outcome.done) return false
      const handled = valid.length - outcome.refused
      const deadLettered = letters.length + outcome.refused
      valid = []
      letters = []
      origins = []
      spans = []
      if (complete === null || complete === committed) {
        // Inside a packed record: nothing new to commit; the group still stands where this batch began.
        const at = committed !== null ? BigInt(committed) + 1n : BigInt(records[0]!.offset)
        if (handled + deadLettered > 0) {
          o.onChunk?.({ partition, nextOffset: at, records: 0, handled, deadLettered })
        }
        return true
      }
      const nextOffset = BigInt(complete) + 1n
      payload.resolveOffset(complete)
      // A failed commit (a rebalance took the partition) throws out of eachBatch: kafkajs rejoins and
      // the new owner starts from the last committed offset, so these records are redelivered, never lost.
      await payload.commitOffsetsIfNecessary({
        topics: [{ topic: batch.topic, partitions: [{ partition, offset: nextOffset.toString() }] }],
      })
      committed = complete
      o.onChunk?.({ partition, nextOffset, records: completeRecords, handled, deadLettered })
      completeRecords = 0
      return true
    }

    for (const record of records) {
      if (!live()) return
      const packed = isPacked(record)
      const decoded = decodeMessages(o.topic, record)
      for (let j = 0; j < decoded.length; j++) {
        const d = decoded[j]!
        if (valid.length + letters.length >= o.maxBatch && !(await flush())) return
        if (d.ok) {
          let span = spans[spans.length - 1]
          if (span?.offset !== record.offset) {
            span = { offset: record.offset, firstValid: valid.length, indices: packed ? [] : null }
            spans.push(span)
          }
          span.indices?.push(j)
          valid.push(d.message)
        } else {
          letters.push(d.letter)
          origins.push({
            group: o.group,
            partition,
            offset: record.offset,
            ...(d.index !== undefined && { index: d.index }),
          })
        }
      }
      complete = record.offset
      completeRecords++
    }
    if (!(await flush())) return
    if (end !== undefined && BigInt(records[records.length - 1]!.offset) + 1n >= end) payload.pause()
  }
}

/**
 * Where a chunk's valid messages came from, one entry per record (not per message: the hot path): the
 * record's offset, the position of its first valid message in the chunk, and for a packed record each
 * valid message's index in it. Read only when the store refuses a message, to give its dead letter the
 * origin an invalid message's letter has.
 */
interface RecordSpan {
  readonly offset: string
  readonly firstValid: number
  readonly indices: number[] | null
}

function originOf(
  spans: readonly RecordSpan[],
  position: number,
  group: string,
  partition: number,
): DeadLetterOrigin {
  // The last span starting at or before the position (spans are in position order).
  let lo = 0
  let hi = spans.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (spans[mid]!.firstValid <= position) lo = mid
    else hi = mid - 1
  }
  const span = spans[lo]!
  const index = span.indices?.[position - span.firstValid]
  return { group, partition, offset: span.offset, ...(index !== undefined && { index }) }
}

/** deliverBatch over one chunk, heartbeating meanwhile; waits poll for a stop every 50 ms. */
async function deliverChunk<T>(
  o: BatchProcessorOptions<T>,
  payload: EachBatchPayload,
  live: () => boolean,
  valid: readonly T[],
  letters: readonly DeadLetter[],
  origins: readonly DeadLetterOrigin[],
  refusedOrigin: (position: number) => DeadLetterOrigin,
) {
  if (valid.length === 0 && letters.length === 0) return { done: true, refused: 0 }
  // The group coordinator drops a member that is silent for a session timeout; an insert can take longer.
  const beat = setInterval(() => {
    payload.heartbeat().catch((err: unknown) => o.logger.debug({ err }, 'heartbeat during a batch failed'))
  }, o.heartbeatIntervalMs)
  try {
    return await deliverBatch(valid, letters, {
      topic: o.topic,
      group: o.group,
      policy: o.policy,
      handler: o.handler,
      writeDeadLetters: (written, source) =>
        o.deadLetters(written, source.kind === 'invalid' ? origins : [refusedOrigin(source.position)]),
      wait: async (ms) => {
        const until = performance.now() + ms
        while (live() && performance.now() < until) await sleep(Math.min(50, until - performance.now()))
        return live()
      },
      ...(o.observer && { observer: o.observer }),
      logger: o.logger.child({ partition: payload.batch.partition }),
    })
  } finally {
    clearInterval(beat)
  }
}
