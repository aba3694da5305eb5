import type { ThumbnailSwap } from '../api/signals.ts'
import type { ThumbnailType } from '../constants/place-schema.ts'

/** One captured thumbnail of an experience (a row of place_thumbnails). */
export interface ThumbnailObservation {
  readonly type: ThumbnailType
  readonly hash: string
  /** Epoch ms of the capture. */
  readonly time: number
}

/** The experience's thumbnail set changed at a capture: each image type that differs from before. */
export interface ThumbnailChange {
  readonly time: number
  readonly swaps: readonly ThumbnailSwap[]
}

/** Icon before Banner in a change, as the detail page shows them. */
const TYPE_ORDER: Readonly<Record<ThumbnailType, number>> = { Icon: 0, Banner: 1 }

/**
 * The thumbnail set's changes at or after fromMs: per image type, each capture whose hash differs from
 * the type's previous capture (the type's first capture is the baseline, never a change; a repeat of
 * the same hash is no change), grouped by capture time, so an icon and a banner replaced in the same
 * poll are one change. Captures before fromMs are read as baseline only. Oldest first.
 */
export function thumbnailChanges(
  observations: readonly ThumbnailObservation[],
  fromMs: number,
): ThumbnailChange[] {
  const byType = new Map<ThumbnailType, ThumbnailObservation[]>()
  for (const o of observations) byType.set(o.type, [...(byType.get(o.type) ?? []), o])
  const byTime = new Map<number, ThumbnailSwap[]>()
  for (const [type, list] of byType) {
    const sorted = [...list].sort((a, b) => a.time - b.time)
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1] as ThumbnailObservation
      const cur = sorted[i] as ThumbnailObservation
      if (cur.hash === prev.hash || cur.time < fromMs) continue
      byTime.set(cur.time, [...(byTime.get(cur.time) ?? []), { type, from: prev.hash, to: cur.hash }])
    }
  }
  return [...byTime]
    .sort(([a], [b]) => a - b)
    .map(([time, swaps]) => ({ time, swaps: swaps.sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type]) }))
}
