export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError(`chunk size must be positive, got ${size}`)
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Ids deduplicated in first-seen order: a repeated id would waste a slot of a 50-id batch. */
export function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)]
}
