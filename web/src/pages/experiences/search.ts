import { reduceGameUrlToId } from '@ludex/schemas'

interface Searchable {
  readonly place_id: number
  readonly universe_id: number
  readonly name: string
  readonly canonical_name: string
}

/**
 * The rows matching the search text: name or canonical name containing it (any case), or a place or
 * universe id equal to it. A pasted game URL is reduced to its id first. Blank text matches all.
 */
export function filterExperiences<T extends Searchable>(rows: readonly T[], text: string): readonly T[] {
  const query = reduceGameUrlToId(text).toLowerCase()
  if (query === '') return rows
  const id = /^\d+$/.test(query) ? Number(query) : null
  return rows.filter(
    (r) =>
      r.place_id === id ||
      r.universe_id === id ||
      r.name.toLowerCase().includes(query) ||
      r.canonical_name.toLowerCase().includes(query),
  )
}
