import { nextBucketStartMs } from './periods.ts'

export interface ChunkProgress {
  /** Chunks finished so far, including this one. */
  readonly done: number
  readonly total: number
  readonly fromMs: number
  readonly toMs: number
}

/**
 * Splits the inclusive slot range [fromMs, toMs] at month bucket starts (day 1, 01:00 UTC) into
 * inclusive pieces, in time order. Empty when toMs < fromMs.
 */
export function monthChunks(fromMs: number, toMs: number): { fromMs: number; toMs: number }[] {
  const out: { fromMs: number; toMs: number }[] = []
  for (let a = fromMs; a <= toMs; ) {
    const next = nextBucketStartMs(a, 'month')
    out.push({ fromMs: a, toMs: Math.min(toMs, next - 1) })
    a = next
  }
  return out
}
