import type { Selectable } from 'kysely'
import type { AppDb } from '../db/app-db.ts'
import type { EventCredentialsTable } from '../db/schema.ts'

/** A credential as stored: the secret sealed (secret-box.ts), never in the clear. */
export interface StoredCredential {
  readonly gameKey: string
  readonly placeId: number
  readonly comment: string
  readonly disabled: boolean
  readonly secretSealed: string
  readonly createdBy: number | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** Another credential already has this name, compared case-insensitively (part 2 §5). */
export class DuplicateCredentialNameError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('A credential with this name exists', options)
    this.name = 'DuplicateCredentialNameError'
  }
}

export interface CredentialRepository {
  /** Every credential, by name. */
  list(): Promise<StoredCredential[]>
  get(gameKey: string): Promise<StoredCredential | null>
  /** Refused with DuplicateCredentialNameError when the name is taken. */
  insert(credential: StoredCredential): Promise<StoredCredential>
  /** The credential as changed, or null when there is none with this key. */
  update(
    gameKey: string,
    change: { comment?: string; disabled?: boolean },
    at: Date,
  ): Promise<StoredCredential | null>
  /** Whether there was one to delete. */
  delete(gameKey: string): Promise<boolean>
}

function toStored(row: Selectable<EventCredentialsTable>): StoredCredential {
  return {
    gameKey: row.game_key,
    placeId: Number(row.place_id),
    comment: row.comment,
    disabled: row.disabled,
    secretSealed: row.secret_sealed,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** A unique violation of the name index (PostgreSQL and PGlite both report code 23505). */
function isNameTaken(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown } | null
  if (e?.code !== '23505') return false
  return String(e.constraint ?? e.message ?? '').includes('event_credentials_name')
}

export function credentialRepository(db: AppDb): CredentialRepository {
  return {
    async list() {
      const rows = await db
        .selectFrom('event_credentials')
        .selectAll()
        .orderBy((eb) => eb.fn('lower', ['comment']))
        .execute()
      return rows.map(toStored)
    },
    async get(gameKey) {
      const row = await db
        .selectFrom('event_credentials')
        .selectAll()
        .where('game_key', '=', gameKey)
        .executeTakeFirst()
      return row ? toStored(row) : null
    },
    async insert(c) {
      try {
        const row = await db
          .insertInto('event_credentials')
          .values({
            game_key: c.gameKey,
            place_id: c.placeId,
            comment: c.comment,
            disabled: c.disabled,
            secret_sealed: c.secretSealed,
            created_by: c.createdBy,
            created_at: c.createdAt,
            updated_at: c.updatedAt,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        return toStored(row)
      } catch (err) {
        if (isNameTaken(err)) throw new DuplicateCredentialNameError({ cause: err })
        throw err
      }
    },
    async update(gameKey, change, at) {
      try {
        const row = await db
          .updateTable('event_credentials')
          .set({
            ...(change.comment !== undefined && { comment: change.comment }),
            ...(change.disabled !== undefined && { disabled: change.disabled }),
            updated_at: at,
          })
          .where('game_key', '=', gameKey)
          .returningAll()
          .executeTakeFirst()
        return row ? toStored(row) : null
      } catch (err) {
        if (isNameTaken(err)) throw new DuplicateCredentialNameError({ cause: err })
        throw err
      }
    },
    async delete(gameKey) {
      const result = await db
        .deleteFrom('event_credentials')
        .where('game_key', '=', gameKey)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
  }
}
