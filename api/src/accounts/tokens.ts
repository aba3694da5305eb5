import type { AppDb } from '../db/app-db.ts'

/**
 * What an emailed (or 428-answered) token allows. Each is single-use and expires; only its SHA-256 is
 * stored.
 */
export type TokenPurpose = 'verify_email' | 'password_reset' | 'resend_verification'

export interface TokenRepository {
  save(token: {
    hash: string
    userId: number
    purpose: TokenPurpose
    createdAt: Date
    expiresAt: Date
  }): Promise<void>
  /**
   * Marks the token used and returns its user, when it exists for this purpose, is unused and unexpired
   * at `now`. One statement, so two concurrent uses cannot both succeed.
   */
  consume(hash: string, purpose: TokenPurpose, now: Date): Promise<number | null>
  /** Spends every open token of a user for a purpose (a new reset link voids the older ones). */
  revokeOpen(userId: number, purpose: TokenPurpose, now: Date): Promise<void>
  /** Deletes tokens that are used or expired at `now`; returns how many. */
  purgeSpent(now: Date): Promise<number>
}

export function tokenRepository(db: AppDb): TokenRepository {
  return {
    async save(t) {
      await db
        .insertInto('email_tokens')
        .values({
          token_hash: t.hash,
          user_id: t.userId,
          purpose: t.purpose,
          created_at: t.createdAt,
          expires_at: t.expiresAt,
          used_at: null,
        })
        .execute()
    },
    async consume(hash, purpose, now) {
      const row = await db
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst()
      return row?.user_id ?? null
    },
    async revokeOpen(userId, purpose, now) {
      await db
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute()
    },
    async purgeSpent(now) {
      const result = await db
        .deleteFrom('email_tokens')
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
