import type { AppDb } from '../db/app-db.ts'

/** Staff overrides of an experience's canonical name and release date (part 1 §5). */
export interface PlaceEdit {
  readonly placeId: number
  readonly canonicalName: string | null
  /** ISO 8601; '0001-01-01T00:00:00.000Z' = unset. */
  readonly released: string | null
}

export interface PlaceEditRepository {
  get(placeId: number): Promise<PlaceEdit | null>
  all(): Promise<Map<number, PlaceEdit>>
  /** Writes the fields given (undefined leaves a field as it is; null clears it). */
  save(
    placeId: number,
    change: { canonicalName?: string | null; released?: string | null },
    by: number | null,
    at: Date,
  ): Promise<PlaceEdit>
}

function toEdit(row: {
  place_id: number
  canonical_name: string | null
  released: string | null
}): PlaceEdit {
  return { placeId: Number(row.place_id), canonicalName: row.canonical_name, released: row.released }
}

export function placeEditRepository(db: AppDb): PlaceEditRepository {
  return {
    async get(placeId) {
      const row = await db
        .selectFrom('place_edits')
        .selectAll()
        .where('place_id', '=', placeId)
        .executeTakeFirst()
      return row ? toEdit(row) : null
    },
    async all() {
      const rows = await db.selectFrom('place_edits').selectAll().execute()
      return new Map(rows.map((r) => [Number(r.place_id), toEdit(r)]))
    },
    async save(placeId, change, by, at) {
      const set = {
        ...(change.canonicalName !== undefined && { canonical_name: change.canonicalName }),
        ...(change.released !== undefined && { released: change.released }),
        updated_by: by,
        updated_at: at,
      }
      const row = await db
        .insertInto('place_edits')
        .values({
          place_id: placeId,
          canonical_name: change.canonicalName ?? null,
          released: change.released ?? null,
          updated_by: by,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('place_id').doUpdateSet(set))
        .returningAll()
        .executeTakeFirstOrThrow()
      return toEdit(row)
    },
  }
}
