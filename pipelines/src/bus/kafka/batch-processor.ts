import type { BatchHandler, DeadLetter, Topic } from '@ludex/schemas'
import type { EachBatchPayload } from 'kafkajs'
import type { Logger } from 'pino'
import { type DeadLetterOrigin, decodeRecord } from './codec.ts'

/** Persists the dead letters of one chunk; a rejection retries the chunk like a handler failure. */
export type DeadLetterSink = (
  letters: readonly DeadLetter[],
  origins: readonly DeadLetterOrigin[],
) => Promise<void>

export interface ChunkDone {
  readonly partition: number
  /** The offset committed: the next one the group will read. */
  readonly nextOffset: bigint
  readonly records: number
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
 * The eachBatch of a subscription (auto-commit and auto-resolve off). A fetched partition batch is cut
 * into chunks of at most maxBatch records, handled one after another, so a partition's order is the
 * delivery order. A chunk's dead letters are persisted first, then its valid messages go to the handler;
 * only when both succeeded is the chunk's last offset resolved and committed, explicitly. The committed
 * offset is therefore always the end of the contiguous prefix the handler acknowledged: a failure retries
 * the same chunk (with backoff, heartbeating) and nothing behind it is committed meanwhile; a crash
 * redelivers from the first unacknowledged record.
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
    for (let i = 0; i < records.length; i += o.maxBatch) {
      if (!live()) return
      const chunk = records.slice(i, i + o.maxBatch)
      const valid: T[] = []
      const letters: DeadLetter[] = []
      const origins: DeadLetterOrigin[] = []
      for (const record of chunk) {
        const decoded = decodeRecord(o.topic, record)
        if (decoded.ok) valid.push(decoded.message)
        else {
          letters.push(decoded.letter)
          origins.push({ group: o.group, partition, offset: record.offset })
        }
      }
      if (!(await deliver(o, payload, live, valid, letters, origins))) return
      const last = chunk[chunk.length - 1]!.offset
      const nextOffset = BigInt(last) + 1n
      payload.resolveOffset(last)
      // A failed commit (a rebalance took the partition) throws out of eachBatch: kafkajs rejoins and
      // the new owner starts from the last committed offset, so this chunk is redelivered, never lost.
      await payload.commitOffsetsIfNecessary({
        topics: [{ topic: batch.topic, partitions: [{ partition, offset: nextOffset.toString() }] }],
      })
      o.onChunk?.({
        partition,
        nextOffset,
        records: chunk.length,
        handled: valid.length,
        deadLettered: letters.length,
      })
    }
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
