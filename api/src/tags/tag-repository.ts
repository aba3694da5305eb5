import { TAG_MAX_PLACES } from '@ludex/schemas'
import type { Transaction } from 'kysely'
import type { AppDb } from '../db/app-db.ts'
import type { AppSchema } from '../db/schema.ts'

/** A tag with its members, as stored. */
export interface TagRecord {
  readonly id: number
  readonly name: string
  readonly global: boolean
  readonly ownerId: number
  /** The owner's email (shown to admins only; the routes decide). */
  readonly ownerEmail: string
  readonly createdAt: Date
  readonly updatedAt: Date
  /** In the order they were added. */
  readonly placeIds: readonly number[]
}

/** Whose tags a reader sees besides the curated ones: their own (a user), and every user's (editors). */
export interface TagReader {
  readonly userId: number | null
  readonly seesEveryUsersTags: boolean
}

/** What one change did: the name's old and new value, the members added and removed. */
export interface TagChange {
  readonly name?: { readonly from: string; readonly to: string }
  readonly added: readonly number[]
  readonly removed: readonly number[]
}

export interface TagChangeResult {
  readonly tag: TagRecord
  readonly change: TagChange
}

/** The name is taken: by another of the owner's personal tags, or by another curated tag. */
export class DuplicateTagNameError extends Error {
  constructor(
    readonly tagName: string,
    readonly global: boolean,
    options?: { cause?: unknown },
  ) {
    super(
      global
        ? `A curated tag named '${tagName}' already exists`
        : `You already have a tag named '${tagName}'`,
      options,
    )
    this.name = 'DuplicateTagNameError'
  }
}

/** The change would give the tag more than TAG_MAX_PLACES experiences. */
export class TagFullError extends Error {
  constructor(
    readonly current: number,
    readonly adding: number,
  ) {
    super(
      `a tag holds at most ${TAG_MAX_PLACES} experiences: it has ${current}, and ${adding} more would make ${current + adding}`,
    )
    this.name = 'TagFullError'
  }
}

export interface TagRepository {
  /** Curated tags, the reader's own and (seesEveryUsersTags) every user's, oldest first. */
  list(reader: TagReader): Promise<TagRecord[]>
  find(id: number): Promise<TagRecord | null>
  /** A new tag without experiences. */
  create(tag: { name: string; global: boolean; ownerId: number }, at: Date): Promise<TagRecord>
  /**
   * Renames and/or sets the whole member list: members kept stay where they were, new ones are
   * appended in the order given, repeats count once. Nothing changed: `updatedAt` stays. Null: no tag.
   */
  update(
    id: number,
    change: { name?: string; placeIds?: readonly number[] },
    at: Date,
  ): Promise<TagChangeResult | null>
  /** Appends the ids that are not members yet, in the order given. Null: no tag. */
  addPlaces(id: number, placeIds: readonly number[], at: Date): Promise<TagChangeResult | null>
  /** Removes one member (nothing happens when it is none). Null: no tag. */
  removePlace(id: number, placeId: number, at: Date): Promise<TagChangeResult | null>
  /** False when there was no such tag. */
  delete(id: number): Promise<boolean>
  /** The tags holding a place that the reader sees (curated ones and the reader's own), by id. */
  tagIdsOfPlace(placeId: number, userId: number | null): Promise<number[]>
  /** Every place id some tag holds, once each. */
  memberPlaceIds(): Promise<number[]>
}

type Db = AppDb | Transaction<AppSchema>

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown })?.code === '23505'
}

/** Each id once, in first-seen order. */
function distinct(ids: readonly number[]): number[] {
  return [...new Set(ids)]
}

interface TagRow {
  id: number
  name: string
  global: boolean
  owner_id: number
  owner_email: string
  created_at: Date
  updated_at: Date
}

function tagsQuery(db: Db) {
  return db
    .selectFrom('place_tags as t')
    .innerJoin('users as u', 'u.id', 't.owner_id')
    .select([
      't.id',
      't.name',
      't.global',
      't.owner_id',
      'u.email as owner_email',
      't.created_at',
      't.updated_at',
    ])
}

async function membersOf(db: Db, tagIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(tagIds.map((id) => [id, []]))
  if (tagIds.length === 0) return out
  const rows = await db
    .selectFrom('place_tag_members')
    .select(['tag_id', 'place_id'])
    .where('tag_id', 'in', [...tagIds])
    .orderBy('tag_id')
    .orderBy('seq')
    .execute()
  for (const r of rows) out.get(r.tag_id)?.push(Number(r.place_id))
  return out
}

async function withMembers(db: Db, rows: readonly TagRow[]): Promise<TagRecord[]> {
  const members = await membersOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    global: r.global,
    ownerId: r.owner_id,
    ownerEmail: r.owner_email,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    placeIds: members.get(r.id) ?? [],
  }))
}

async function findIn(db: Db, id: number): Promise<TagRecord | null> {
  const row = await tagsQuery(db).where('t.id', '=', id).executeTakeFirst()
  return row ? ((await withMembers(db, [row]))[0] ?? null) : null
}

export function tagRepository(db: AppDb): TagRepository {
  /**
   * One membership change, in a transaction that holds the tag's row: two concurrent changes of one
   * tag run one after the other, so the member limit holds and no addition is lost.
   */
  const changeMembers = (
    id: number,
    at: Date,
    plan: (current: readonly number[]) => { add: number[]; remove: number[]; name?: string },
  ): Promise<TagChangeResult | null> =>
    db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('place_tags')
        .select(['id', 'name', 'global', 'owner_id'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
      if (!locked) return null
      const current = (await membersOf(trx, [id])).get(id) ?? []
      const { add, remove, name } = plan(current)
      const after = current.length - remove.length + add.length
      if (after > TAG_MAX_PLACES) throw new TagFullError(current.length - remove.length, add.length)
      const renamed = name !== undefined && name !== locked.name
      if (!renamed && add.length === 0 && remove.length === 0) {
        return { tag: (await findIn(trx, id)) as TagRecord, change: { added: [], removed: [] } }
      }
      if (remove.length > 0) {
        await trx
          .deleteFrom('place_tag_members')
          .where('tag_id', '=', id)
          .where('place_id', 'in', remove)
          .execute()
      }
      if (add.length > 0) {
        // One multi-row insert: its rows take their seq in the order given.
        await trx
          .insertInto('place_tag_members')
          .values(add.map((placeId) => ({ tag_id: id, place_id: placeId, added_at: at })))
          .execute()
      }
      try {
        await trx
          .updateTable('place_tags')
          .set({ updated_at: at, ...(renamed && { name }) })
          .where('id', '=', id)
          .execute()
      } catch (err) {
        if (renamed && isUniqueViolation(err)) {
          throw new DuplicateTagNameError(name, locked.global, { cause: err })
        }
        throw err
      }
      return {
        tag: (await findIn(trx, id)) as TagRecord,
        change: {
          ...(renamed && { name: { from: locked.name, to: name } }),
          added: add,
          removed: remove,
        },
      }
    })

  return {
    async list(reader) {
      let q = tagsQuery(db)
      if (!reader.seesEveryUsersTags) {
        const userId = reader.userId
        q =
          userId === null
            ? q.where('t.global', '=', true)
            : q.where((eb) => eb.or([eb('t.global', '=', true), eb('t.owner_id', '=', userId)]))
      }
      return withMembers(db, await q.orderBy('t.id').execute())
    },
    find: (id) => findIn(db, id),
    async create(tag, at) {
      try {
        const row = await db
          .insertInto('place_tags')
          .values({
            name: tag.name,
            global: tag.global,
            owner_id: tag.ownerId,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        return (await findIn(db, row.id)) as TagRecord
      } catch (err) {
        if (isUniqueViolation(err)) throw new DuplicateTagNameError(tag.name, tag.global, { cause: err })
        throw err
      }
    },
    update: (id, change, at) =>
      changeMembers(id, at, (current) => {
        if (!change.placeIds)
          return { add: [], remove: [], ...(change.name !== undefined && { name: change.name }) }
        const wanted = distinct(change.placeIds)
        const wantedSet = new Set(wanted)
        const currentSet = new Set(current)
        return {
          add: wanted.filter((p) => !currentSet.has(p)),
          remove: current.filter((p) => !wantedSet.has(p)),
          ...(change.name !== undefined && { name: change.name }),
        }
      }),
    addPlaces: (id, placeIds, at) =>
      changeMembers(id, at, (current) => {
        const currentSet = new Set(current)
        return { add: distinct(placeIds).filter((p) => !currentSet.has(p)), remove: [] }
      }),
    removePlace: (id, placeId, at) =>
      changeMembers(id, at, (current) => ({ add: [], remove: current.includes(placeId) ? [placeId] : [] })),
    async delete(id) {
      const result = await db.deleteFrom('place_tags').where('id', '=', id).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
    async tagIdsOfPlace(placeId, userId) {
      const rows = await db
        .selectFrom('place_tag_members as m')
        .innerJoin('place_tags as t', 't.id', 'm.tag_id')
        .select('t.id')
        .where('m.place_id', '=', placeId)
        .where((eb) =>
          userId === null
            ? eb('t.global', '=', true)
            : eb.or([eb('t.global', '=', true), eb('t.owner_id', '=', userId)]),
        )
        .orderBy('t.id')
        .execute()
      return rows.map((r) => r.id)
    },
    async memberPlaceIds() {
      const rows = await db
        .selectFrom('place_tag_members')
        .select('place_id')
        .distinct()
        .orderBy('place_id')
        .execute()
      return rows.map((r) => Number(r.place_id))
    },
  }
}
