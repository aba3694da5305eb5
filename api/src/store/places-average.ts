/*
 * The average of a kind over places, per bucket, from each place's own rows (issue 14.8). It was one
 * grouped statement; chDB answers one statement at a time, and that statement read every place's rows
 * of the granularity whatever the tag (its members are spread over every granule), 13–20 ms of the
 * engine per call: a tag's average queued behind itself at 8 connections. Computed here from the
 * members' rows, which the hot reads keep per member and rollup watermark, a call costs the engine
 * nothing once its members' series are read, and the aggregate itself is still computed on every call.
 */

/** One place's value in one bucket (already whole for the place, never NULL). */
export interface PlaceValue {
  readonly time: number
  readonly value: number
}

/** One bucket of an average: the mean, and the quartiles when asked. */
export interface PlacesAverageRow {
  readonly time: number
  readonly value: number
  readonly lower?: number
  readonly upper?: number
}

export interface PlacesAverageOptions {
  /**
   * true: every tracked place counts in a bucket that has data, a missing or zero value as 0 (the
   * divisor is `tracked`, or the values present if more); false: only non-zero values count.
   */
  readonly includeZeros: boolean
  readonly withPercentiles: boolean
  /** How many of the places are tracked: the divisor with zeros. */
  readonly tracked: number
}

/**
 * ClickHouse's quantileExactInclusive over sorted values: linear between the order statistics around
 * level × (n − 1), written with the engine's own steps (QuantileExact.h) so both give the same double.
 */
export function quantileExactInclusive(sorted: ArrayLike<number>, level: number): number {
  const size = sorted.length
  if (size === 0) return Number.NaN
  const h = level * (size - 1) + 1
  const n = Math.floor(h)
  if (n >= size) return sorted[size - 1] as number
  if (n < 1) return sorted[0] as number
  const below = sorted[n - 1] as number
  return below + (h - n) * ((sorted[n] as number) - below)
}

/**
 * Per bucket, in time order: the mean of the places' values and, with percentiles, the lower and upper
 * quartiles of the same values. A bucket where no place has a value (none non-zero without zeros) is
 * absent.
 */
export function averageOfPlaces(
  places: Iterable<readonly PlaceValue[]>,
  options: PlacesAverageOptions,
): PlacesAverageRow[] {
  const all = [...places]
  // A place has at most one value per bucket: each bucket's values fit in one array per place, which
  // starts as zeros (the padding of includeZeros) and sorts natively (a comparator sort was 3/4 of the
  // time at 200 places × a year of days).
  const capacity = Math.max(all.length, options.includeZeros ? options.tracked : 0)
  const byBucket = new Map<number, { values: Float64Array; count: number }>()
  for (const rows of all) {
    for (const r of rows) {
      if (!options.includeZeros && !(r.value > 0)) continue
      let bucket = byBucket.get(r.time)
      if (!bucket) {
        bucket = { values: new Float64Array(capacity), count: 0 }
        byBucket.set(r.time, bucket)
      }
      bucket.values[bucket.count++] = r.value
    }
  }
  const out: PlacesAverageRow[] = []
  for (const time of [...byBucket.keys()].sort((a, b) => a - b)) {
    const bucket = byBucket.get(time) as { values: Float64Array; count: number }
    const count = options.includeZeros ? Math.max(bucket.count, options.tracked) : bucket.count
    const values = bucket.values.subarray(0, count)
    let sum = 0
    for (const v of values) sum += v
    const value = sum / count
    if (!options.withPercentiles) {
      out.push({ time, value })
      continue
    }
    values.sort()
    out.push({
      time,
      value,
      lower: quantileExactInclusive(values, 0.25),
      upper: quantileExactInclusive(values, 0.75),
    })
  }
  return out
}
