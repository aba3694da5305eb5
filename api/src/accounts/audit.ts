import type { AppDb } from '../db/app-db.ts'

/**
 * Things worth a line in the audit log: who changed roles, who simulated one, who edited what, and
 * what happened to each event credential (never its secret).
 */
export type AuditAction =
  | 'user.register'
  | 'user.verify_email'
  | 'user.password_change'
  | 'user.google_link'
  | 'user.role_change'
  | 'user.create_cli'
  | 'user.delete'
  | 'session.simulate_role'
  | 'place.edit'
  | 'tag.create'
  | 'tag.update'
  | 'tag.delete'
  | 'credential.create'
  | 'credential.rename'
  | 'credential.disable'
  | 'credential.enable'
  | 'credential.delete'
  | 'api_key.create'
  | 'api_key.revoke'

export interface AuditEntry {
  readonly at: Date
  readonly actorId: number | null
  readonly action: AuditAction
  readonly target: string | null
  readonly details: Record<string, unknown>
  readonly ip: string | null
}

export interface AuditRepository {
  record(entry: AuditEntry): Promise<void>
  /** Newest first. */
  recent(limit: number, filter?: { action?: AuditAction }): Promise<AuditEntry[]>
  /**
   * Forgets the client addresses of entries older than `before` (the privacy policy keeps addresses
   * 30 days); the entries stay. Returns how many were cleared.
   */
  clearAddresses(before: Date): Promise<number>
}

export function auditRepository(db: AppDb): AuditRepository {
  return {
    async record(e) {
      await db
        .insertInto('audit_log')
        .values({
          at: e.at,
          actor_id: e.actorId,
          action: e.action,
          target: e.target,
          details: JSON.stringify(e.details),
          ip: e.ip,
        })
        .execute()
    },
    async recent(limit, filter) {
      let q = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit)
      if (filter?.action) q = q.where('action', '=', filter.action)
      const rows = await q.execute()
      return rows.map((r) => ({
        at: r.at,
        actorId: r.actor_id,
        action: r.action as AuditAction,
        target: r.target,
        details: (r.details ?? {}) as Record<string, unknown>,
        ip: r.ip,
      }))
    },
    async clearAddresses(before) {
      const result = await db
        .updateTable('audit_log')
        .set({ ip: null })
        .where('ip', 'is not', null)
        .where('at', '<', before)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
  }
}
