import { sql } from 'kysely'
import type { AppDb } from '../db/app-db.ts'

/** A key as stored: its hash and first characters, never the key. */
export interface StoredApiKey {
  readonly id: number
  readonly userId: number
  readonly name: string
  readonly start: string
  readonly createdAt: Date
}

export interface ApiKeyRepository {
  /**
   * Stores a new key for the user unless the user already holds `cap` keys (not revoked): null then.
   * The count and the insert run in one transaction holding the user's row lock, so two concurrent
   * creations cannot both pass the cap.
   */
  insert(
    key: { userId: number; name: string; hash: string; start: string; createdAt: Date },
    cap: number,
  ): Promise<StoredApiKey | null>
  /** The user's keys not revoked, newest first. */
  listActive(userId: number): Promise<StoredApiKey[]>
  /** The key with this hash, unless it is revoked. */
  findActiveByHash(hash: string): Promise<StoredApiKey | null>
  /** Revokes the user's key; false when the user has no such key (or it was revoked already). */
  revoke(userId: number, id: number, at: Date): Promise<boolean>
  /** Counts one call with the key on the UTC day `day` (YYYY-MM-DD). */
  countCall(id: number, day: string): Promise<void>
  /** Calls per key and day from `fromDay` on (inclusive), for the given keys. */
  usage(ids: readonly number[], fromDay: string): Promise<{ keyId: number; day: string; calls: number }[]>
}

interface Row {
  id: number
  user_id: number
  name: string
  start: string
  created_at: Date
}

const toStored = (row: Row): StoredApiKey => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  start: row.start,
  createdAt: row.created_at,
})

const COLUMNS = ['id', 'user_id', 'name', 'start', 'created_at'] as const

export function apiKeyRepository(db: AppDb): ApiKeyRepository {
  return {
    async insert(k, cap) {
      return db.transaction().execute(async (tx) => {
        await tx.selectFrom('users').select('id').where('id', '=', k.userId).forUpdate().execute()
        const held = await tx
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', k.userId)
          .where('revoked_at', 'is', null)
          .executeTakeFirstOrThrow()
        if (Number(held.n) >= cap) return null
        const row = await tx
          .insertInto('api_keys')
          .values({
            user_id: k.userId,
            name: k.name,
            key_hash: k.hash,
            start: k.start,
            created_at: k.createdAt,
            revoked_at: null,
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()
        return toStored(row)
      })
    },
    async listActive(userId) {
      const rows = await db
        .selectFrom('api_keys')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .execute()
      return rows.map(toStored)
    },
    async findActiveByHash(hash) {
      const row = await db
        .selectFrom('api_keys')
        .select(COLUMNS)
        .where('key_hash', '=', hash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return row ? toStored(row) : null
    },
    async revoke(userId, id, at) {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
    async countCall(id, day) {
      await db
        .insertInto('api_key_usage')
        .values({ key_id: id, day, calls: 1 })
        .onConflict((oc) =>
          oc.columns(['key_id', 'day']).doUpdateSet({ calls: sql`api_key_usage.calls + 1` }),
        )
        .execute()
    },
    async usage(ids, fromDay) {
      if (ids.length === 0) return []
      const rows = await db
        .selectFrom('api_key_usage')
        .select(['key_id', 'day', 'calls'])
        .where('key_id', 'in', [...ids])
        .where('day', '>=', fromDay)
        .orderBy('day')
        .execute()
      return rows.map((r) => ({ keyId: r.key_id, day: r.day, calls: r.calls }))
    },
  }
}
