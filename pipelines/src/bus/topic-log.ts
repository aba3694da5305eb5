/**
 * One topic's retained messages as a log with absolute offsets. Consumer groups read it through their own
 * cursors; a message is retained until every active group has committed it, so fan-out costs no copies.
 */

/**
 * A payload published without validation (publishRaw), as a foreign producer would: the consumer
 * validates it, and needs its key only if it is dead-lettered.
 */
export class RawEntry {
  constructor(
    readonly key: string,
    readonly payload: unknown,
  ) {}
}

/**
 * What the log holds: a RawEntry, or a validated message itself — the bus's own output of the schema's
 * parse at publish time, which nobody outside the bus holds, so it cannot have changed since. Not wrapped:
 * a wrapper object per message was measurable garbage on the ingest path, as was a key string per
 * message (a validated message's key is computed only if it is ever dead-lettered).
 */
export type LogEntry = RawEntry | object

export class TopicLog {
  /** Offset of entries[head]. */
  private base = 0
  private head = 0
  private entries: LogEntry[] = []

  get start(): number {
    return this.base
  }

  get end(): number {
    return this.base + (this.entries.length - this.head)
  }

  get size(): number {
    return this.entries.length - this.head
  }

  append(entry: LogEntry): void {
    this.entries.push(entry)
  }

  /** Entries from offset (inclusive) to offset + count (exclusive). */
  slice(offset: number, count: number): LogEntry[] {
    const from = this.head + (offset - this.base)
    return this.entries.slice(from, from + count)
  }

  /** Forgets every entry before offset. */
  trimTo(offset: number): void {
    const drop = Math.min(offset - this.base, this.size)
    if (drop <= 0) return
    this.head += drop
    this.base += drop
    // Compacting only once the dead prefix outweighs the live part keeps trimming amortised O(1).
    if (this.head > 4096 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head)
      this.head = 0
    }
  }
}
