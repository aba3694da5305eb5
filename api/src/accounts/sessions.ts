import type { Role } from '@ludex/schemas'
import type { AppDb } from '../db/app-db.ts'

export interface SessionRecord {
  readonly idHash: string
  readonly userId: number
  readonly createdAt: Date
  readonly expiresAt: Date
  readonly lastSeenAt: Date
  readonly simulatedRole: Role | null
}

export interface SessionRepository {
  create(session: { idHash: string; userId: number; createdAt: Date; expiresAt: Date }): Promise<void>
  /** The session when it exists and has not expired at `now`. */
  find(idHash: string, now: Date): Promise<SessionRecord | null>
  delete(idHash: string): Promise<void>
  /** Revokes every session of a user (sign-out everywhere, password change); returns how many. */
  deleteForUser(userId: number): Promise<number>
  touch(idHash: string, at: Date): Promise<void>
  setSimulatedRole(idHash: string, role: Role | null): Promise<void>
  /** Removes expired sessions; returns how many. */
  purgeExpired(now: Date): Promise<number>
}

export function sessionRepository(db: AppDb): SessionRepository {
  return {
    async create(s) {
      await db
        .insertInto('sessions')
        .values({
          id_hash: s.idHash,
          user_id: s.userId,
          created_at: s.createdAt,
          expires_at: s.expiresAt,
          last_seen_at: s.createdAt,
          simulated_role: null,
        })
        .execute()
    },
    async find(idHash, now) {
      const row = await db
        .selectFrom('sessions')
        .selectAll()
        .where('id_hash', '=', idHash)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      if (!row) return null
      return {
        idHash: row.id_hash,
        userId: row.user_id,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        lastSeenAt: row.last_seen_at,
        simulatedRole: row.simulated_role as Role | null,
      }
    },
    async delete(idHash) {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute()
    },
    async deleteForUser(userId) {
      const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
    async touch(idHash, at) {
      await db.updateTable('sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute()
    },
    async setSimulatedRole(idHash, role) {
      await db.updateTable('sessions').set({ simulated_role: role }).where('id_hash', '=', idHash).execute()
    },
    async purgeExpired(now) {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
