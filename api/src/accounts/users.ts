import type { Role, UserType } from '@ludex/schemas'
import type { Selectable } from 'kysely'
import { sql } from 'kysely'
import type { AppDb } from '../db/app-db.ts'
import type { UsersTable } from '../db/schema.ts'

export interface UserRecord {
  readonly id: number
  readonly email: string
  readonly emailVerified: boolean
  readonly passwordHash: string | null
  readonly googleSub: string | null
  readonly firstName: string
  readonly lastName: string
  readonly role: Role
  readonly interests: readonly string[]
  readonly userType: UserType | null
  readonly analyticsId: string
  readonly createdAt: Date
  readonly lastActiveAt: Date | null
}

export interface NewUser {
  readonly email: string
  readonly passwordHash: string | null
  readonly firstName: string
  readonly lastName: string
  readonly role?: Role
  readonly interests?: readonly string[]
  readonly userType?: UserType | null
  readonly emailVerified?: boolean
  readonly googleSub?: string | null
  readonly analyticsId: string
  readonly createdAt: Date
}

export interface ActiveCounts {
  readonly last24Hours: number
  readonly last30Days: number
}

/** Emails are compared trimmed and lower-cased (one account per mailbox, whatever the casing typed). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

function toRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified,
    passwordHash: row.password_hash,
    googleSub: row.google_sub,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role as Role,
    interests: row.interests,
    userType: row.user_type as UserType | null,
    analyticsId: row.analytics_id,
    createdAt: row.created_at,
    lastActiveAt: row.last_active_at,
  }
}

export class DuplicateEmailError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('An account with this email exists', options)
    this.name = 'DuplicateEmailError'
  }
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown })?.code === '23505'
}

export interface UserRepository {
  create(user: NewUser): Promise<UserRecord>
  findById(id: number): Promise<UserRecord | null>
  findByEmail(email: string): Promise<UserRecord | null>
  findByGoogleSub(sub: string): Promise<UserRecord | null>
  markVerified(id: number): Promise<void>
  setPasswordHash(id: number, hash: string | null): Promise<void>
  linkGoogle(id: number, sub: string): Promise<void>
  setOnboarding(id: number, interests: readonly string[], userType: UserType): Promise<UserRecord | null>
  setRole(id: number, role: Role): Promise<UserRecord | null>
  /**
   * Sets the role unless that would leave no admin: 'last_admin' then, null for an unknown user. The
   * admins are locked for the check, so two concurrent demotions cannot both pass it.
   */
  setRoleKeepingAnAdmin(id: number, role: Role): Promise<UserRecord | 'last_admin' | null>
  /**
   * Deletes the account unless it is the last admin ('last_admin' then; null for an unknown user), in
   * one transaction with the admins locked as for a role change. What is kept with the user goes with
   * it (sessions, tokens, preferences and personal tags cascade); the audit log keeps what happened but
   * nothing personal: the user's entries lose their actor (the foreign key sets it null) and every
   * address of entries by or about the account is cleared. A `user.delete` entry names the former id.
   */
  deleteKeepingAnAdmin(id: number, at: Date): Promise<'deleted' | 'last_admin' | null>
  touchActive(id: number, at: Date): Promise<void>
  list(): Promise<UserRecord[]>
  countByRole(role: Role): Promise<number>
  activeCounts(now: Date): Promise<ActiveCounts>
}

export function userRepository(db: AppDb): UserRepository {
  const byId = async (id: number) => {
    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toRecord(row) : null
  }
  return {
    async create(user) {
      try {
        const row = await db
          .insertInto('users')
          .values({
            email: normalizeEmail(user.email),
            password_hash: user.passwordHash,
            first_name: user.firstName,
            last_name: user.lastName,
            role: user.role ?? 'viewer',
            interests: [...(user.interests ?? [])],
            user_type: user.userType ?? null,
            email_verified: user.emailVerified ?? false,
            google_sub: user.googleSub ?? null,
            analytics_id: user.analyticsId,
            created_at: user.createdAt,
            last_active_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        return toRecord(row)
      } catch (err) {
        if (isUniqueViolation(err)) throw new DuplicateEmailError({ cause: err })
        throw err
      }
    },
    findById: byId,
    async findByEmail(email) {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', normalizeEmail(email))
        .executeTakeFirst()
      return row ? toRecord(row) : null
    },
    async findByGoogleSub(sub) {
      const row = await db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst()
      return row ? toRecord(row) : null
    },
    async markVerified(id) {
      await db.updateTable('users').set({ email_verified: true }).where('id', '=', id).execute()
    },
    async setPasswordHash(id, hash) {
      await db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute()
    },
    async linkGoogle(id, sub) {
      await db.updateTable('users').set({ google_sub: sub }).where('id', '=', id).execute()
    },
    async setOnboarding(id, interests, userType) {
      const row = await db
        .updateTable('users')
        .set({ interests: [...interests], user_type: userType })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
      return row ? toRecord(row) : null
    },
    async setRole(id, role) {
      const row = await db
        .updateTable('users')
        .set({ role })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
      return row ? toRecord(row) : null
    },
    async setRoleKeepingAnAdmin(id, role) {
      return db.transaction().execute(async (trx) => {
        const admins = await trx
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'admin')
          .forUpdate()
          .execute()
        const isAdmin = admins.some((a) => a.id === id)
        if (isAdmin && role !== 'admin' && admins.length <= 1) return 'last_admin' as const
        const row = await trx
          .updateTable('users')
          .set({ role })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst()
        if (!row) return null
        // A simulation belongs to the admin role: whatever it was, it ends with a role change.
        await trx.updateTable('sessions').set({ simulated_role: null }).where('user_id', '=', id).execute()
        return toRecord(row)
      })
    },
    async deleteKeepingAnAdmin(id, at) {
      return db.transaction().execute(async (trx) => {
        const admins = await trx
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'admin')
          .forUpdate()
          .execute()
        const target = await trx
          .selectFrom('users')
          .select(['id', 'role'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()
        if (!target) return null
        if (target.role === 'admin' && admins.length <= 1) return 'last_admin' as const
        const subject = `user:${id}`
        await trx
          .updateTable('audit_log')
          .set({ ip: null })
          .where((eb) => eb.or([eb('actor_id', '=', id), eb('target', '=', subject)]))
          .execute()
        await trx.deleteFrom('users').where('id', '=', id).execute()
        await trx
          .insertInto('audit_log')
          .values({ at, actor_id: null, action: 'user.delete', target: subject, details: '{}', ip: null })
          .execute()
        return 'deleted' as const
      })
    },
    async touchActive(id, at) {
      await db.updateTable('users').set({ last_active_at: at }).where('id', '=', id).execute()
    },
    async list() {
      const rows = await db.selectFrom('users').selectAll().orderBy('id').execute()
      return rows.map(toRecord)
    },
    async countByRole(role) {
      const row = await db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('role', '=', role)
        .executeTakeFirstOrThrow()
      return row.n
    },
    async activeCounts(now) {
      const day = new Date(now.getTime() - 86_400_000)
      const month = new Date(now.getTime() - 30 * 86_400_000)
      const row = await db
        .selectFrom('users')
        .select([
          sql<number>`count(*) filter (where last_active_at > ${day})::int`.as('day'),
          sql<number>`count(*) filter (where last_active_at > ${month})::int`.as('month'),
        ])
        .executeTakeFirstOrThrow()
      return { last24Hours: row.day, last30Days: row.month }
    },
  }
}
