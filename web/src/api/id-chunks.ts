/**
 * A list of ids as the calls that name ids ask for it: distinct ids in their order, at most `size` per
 * call. A loader's prefetch and the page's hook cut the same list the same way, so they share their
 * cache entries.
 */
export function idChunks(ids: readonly number[], size: number): number[][] {
  const distinct = [...new Set(ids)]
  const chunks: number[][] = []
  for (let i = 0; i < distinct.length; i += size) chunks.push(distinct.slice(i, i + size))
  return chunks
}

/** The ids a `join(',')` key holds: hooks key their calls by value, whatever array they are given. */
export const idsOfKey = (key: string): number[] => (key === '' ? [] : key.split(',').map(Number))
