import type { BatchHandler, DeadLetter, Topic } from '@ludex/schemas'
import type { EachBatchPayload } from 'kafkajs'
import type { Logger } from 'pino'
import { type DeadLetterOrigin, decodeMessages } from './codec.ts'

/** Persists the dead letters of one chunk; a rejection retries the chunk like a handler failure. */
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
  /** Messages of the chunk handed to the handler, and dead-lettered. */
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
  /** First retry delay after a failure; doubles per attempt up to 64×. */
  readonly retryBackoffMs: number
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
 * messages, handled one after another, so a partition's order is the delivery order. A chunk's dead
 * letters are persisted first, then its valid messages go to the handler. A record is committed, explicitly,
 * once every one of its messages has been handled or dead-lettered: a chunk ending inside a packed record
 * commits up to the record before it, and the rest of the record follows in the next chunk. The
 * committed offset is therefore always the end of the contiguous prefix of records the handler
 * acknowledged in full: a failure retries the same chunk (with backoff, heartbeating) and nothing behind
 * it is committed meanwhile; a crash redelivers from the first record not acknowledged in full (a packed
 * record's messages already handled come again: at least once, as with any redelivery).
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
    /** The last record whose messages are all in the current chunk or handled, and the last committed. */
    let complete: string | null = null
    let committed: string | null = null
    let completeRecords = 0

    /** Delivers the chunk, then commits the records it completed; false if the consumer stopped first. */
    const flush = async (): Promise<boolean> => {
      if (!live()) return false
      if (!(await deliver(o, payload, live, valid, letters, origins))) return false
      const handled = valid.length
      const deadLettered = letters.length
      valid = []
      letters = []
      origins = []
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
      for (const d of decodeMessages(o.topic, record)) {
        if (valid.length + letters.length >= o.maxBatch && !(await flush())) return
        if (d.ok) valid.push(d.message)
        else {
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

/** Dead letters, then the handler, until both succeeded; false if the consumer stopped first. */
async function deliver<T>(
  o: BatchProcessorOptions<T>,
  payload: EachBatchPayload,
  live: () => boolean,
  valid: T[],
  letters: DeadLetter[],
  origins: DeadLetterOrigin[],
): Promise<boolean> {
  let lettersDone = letters.length === 0
  let handled = valid.length === 0
  if (lettersDone && handled) return true
  // The group coordinator drops a member that is silent for a session timeout; an insert can take longer.
  const beat = setInterval(() => {
    payload.heartbeat().catch((err: unknown) => o.logger.debug({ err }, 'heartbeat during a batch failed'))
  }, o.heartbeatIntervalMs)
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!lettersDone) {
          await o.deadLetters(letters, origins)
          lettersDone = true
        }
        if (!handled) {
          await o.handler(valid)
          handled = true
        }
        return true
      } catch (err) {
        const delay = o.retryBackoffMs * 2 ** Math.min(attempt - 1, 6)
        o.logger.warn(
          {
            err,
            attempt,
            partition: payload.batch.partition,
            size: valid.length + letters.length,
            retryInMs: delay,
          },
          'batch failed; redelivering',
        )
        const until = performance.now() + delay
        while (live() && performance.now() < until) await sleep(Math.min(50, until - performance.now()))
        if (!live()) return false
      }
    }
  } finally {
    clearInterval(beat)
  }
}
