import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type AccountsStore,
  type AppDatabase,
  accountsStore,
  DuplicateEmailError,
  migrateAppDatabase,
  openAppDatabase,
} from '@ludex/api'
import { sql } from 'kysely'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PostgresServer, startPostgres } from '../harness/postgres.ts'

const logger = pino({ level: 'silent' })
const T0 = Date.UTC(2026, 0, 10, 12, 0, 0)
const at = (offsetMs = 0) => new Date(T0 + offsetMs)
const HOUR = 3_600_000
const DAY = 24 * HOUR

interface Engine {
  readonly name: string
  open(): Promise<AppDatabase>
  stop(): Promise<void>
}

let postgres: PostgresServer | null = null
const engines: Engine[] = [
  {
    name: 'PGlite',
    open: () => openAppDatabase({ logger }),
    stop: async () => {},
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      postgres = await startPostgres()
      return openAppDatabase({ databaseUrl: postgres.url, logger })
    },
    stop: async () => {
      await postgres?.stop()
    },
  },
]

let analytics = 0
const newUser = (email: string, extra: Partial<Parameters<AccountsStore['users']['create']>[0]> = {}) => ({
  email,
  passwordHash: 'hash',
  firstName: 'Ada',
  lastName: 'Lovelace',
  analyticsId: `analytics-${++analytics}`,
  createdAt: at(),
  ...extra,
})

/** The same contract on both engines: every repository of the app database. */
describe.each(engines)('app database repositories on $name', (engine) => {
  let database: AppDatabase
  let store: AccountsStore

  beforeAll(async () => {
    database = await engine.open()
    await migrateAppDatabase(database.db, logger)
    store = accountsStore(database.db)
  })
  afterAll(async () => {
    await database?.close()
    await engine.stop()
  })

  it('answers a ping (what /readyz asks of it)', async () => {
    await expect(database.ping()).resolves.toBeUndefined()
  })

  it('applies its migrations once', async () => {
    expect(await migrateAppDatabase(database.db, logger)).toEqual([])
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = 'public' order by 1`.execute(
      database.db,
    )
    expect(tables.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'audit_log',
        'email_tokens',
        'place_edits',
        'sessions',
        'user_preferences',
        'users',
      ]),
    )
  })

  it('stores users with one account per mailbox, whatever the casing', async () => {
    const created = await store.users.create(
      newUser('  Grace@Example.COM ', { interests: ['obby', 'horror'], userType: 'developer' }),
    )
    expect(created).toMatchObject({
      email: 'grace@example.com',
      emailVerified: false,
      role: 'viewer',
      interests: ['obby', 'horror'],
      userType: 'developer',
      googleSub: null,
      lastActiveAt: null,
    })
    expect(created.createdAt.getTime()).toBe(T0)
    expect((await store.users.findByEmail('GRACE@example.com'))?.id).toBe(created.id)
    await expect(store.users.create(newUser('grace@EXAMPLE.com'))).rejects.toBeInstanceOf(DuplicateEmailError)
    expect(await store.users.findByEmail('nobody@example.com')).toBeNull()
    expect(await store.users.findById(created.id + 1000)).toBeNull()
  })

  it('updates verification, password, Google link, onboarding and role', async () => {
    const u = await store.users.create(newUser('alan@example.com'))
    await store.users.markVerified(u.id)
    await store.users.setPasswordHash(u.id, null)
    await store.users.linkGoogle(u.id, 'google-sub-1')
    const onboarded = await store.users.setOnboarding(u.id, ['tycoons'], 'journalist')
    expect(onboarded).toMatchObject({ interests: ['tycoons'], userType: 'journalist' })
    const promoted = await store.users.setRole(u.id, 'editor')
    expect(promoted).toMatchObject({
      role: 'editor',
      emailVerified: true,
      passwordHash: null,
      googleSub: 'google-sub-1',
    })
    expect((await store.users.findByGoogleSub('google-sub-1'))?.id).toBe(u.id)
    expect(await store.users.setRole(u.id + 1000, 'admin')).toBeNull()
    await expect(store.users.setRole(u.id, 'owner' as 'admin')).rejects.toThrow()
  })

  it('never demotes the last admin, and ends a simulation with a role change', async () => {
    const admins = (await store.users.list()).filter((u) => u.role === 'admin')
    for (const a of admins) await store.users.setRole(a.id, 'viewer')
    const only = await store.users.create(newUser('only-admin@example.com', { role: 'admin' }))
    await store.sessions.create({ idHash: 'sim', userId: only.id, createdAt: at(), expiresAt: at(DAY) })
    await store.sessions.setSimulatedRole('sim', 'viewer')
    expect(await store.users.setRoleKeepingAnAdmin(only.id, 'editor')).toBe('last_admin')
    expect((await store.users.findById(only.id))?.role).toBe('admin')
    const second = await store.users.create(newUser('second-admin@example.com'))
    expect(await store.users.setRoleKeepingAnAdmin(second.id, 'admin')).toMatchObject({ role: 'admin' })
    // Two demotions at once: exactly one passes.
    const both = await Promise.all([
      store.users.setRoleKeepingAnAdmin(only.id, 'viewer'),
      store.users.setRoleKeepingAnAdmin(second.id, 'viewer'),
    ])
    expect(both.filter((r) => r === 'last_admin')).toHaveLength(1)
    expect(await store.users.countByRole('admin')).toBe(1)
    expect(await store.users.setRoleKeepingAnAdmin(9_999_999, 'viewer')).toBeNull()
    if (both[0] !== 'last_admin') expect((await store.sessions.find('sim', at()))?.simulatedRole).toBeNull()
    for (const a of admins) await store.users.setRole(a.id, 'admin')
  })

  it('counts users by role and active users over the last 24 hours and 30 days', async () => {
    const before = await store.users.activeCounts(at())
    const admins = await store.users.countByRole('admin')
    const a = await store.users.create(newUser('active-hour@example.com', { role: 'admin' }))
    const b = await store.users.create(newUser('active-days@example.com'))
    const c = await store.users.create(newUser('active-old@example.com'))
    await store.users.touchActive(a.id, at(-HOUR))
    await store.users.touchActive(b.id, at(-3 * DAY))
    await store.users.touchActive(c.id, at(-40 * DAY))
    const after = await store.users.activeCounts(at())
    expect(after.last24Hours - before.last24Hours).toBe(1)
    expect(after.last30Days - before.last30Days).toBe(2)
    expect(await store.users.countByRole('admin')).toBe(admins + 1)
    const listed = await store.users.list()
    expect(listed.map((u) => u.id)).toEqual([...listed.map((u) => u.id)].sort((x, y) => x - y))
  })

  it('finds sessions until they expire, and revokes them one by one or per user', async () => {
    const u = await store.users.create(newUser('sessions@example.com'))
    for (const id of ['s1', 's2', 's3']) {
      await store.sessions.create({ idHash: id, userId: u.id, createdAt: at(), expiresAt: at(DAY) })
    }
    expect(await store.sessions.find('s1', at(DAY - 1))).toMatchObject({ userId: u.id, simulatedRole: null })
    expect(await store.sessions.find('s1', at(DAY))).toBeNull()
    await store.sessions.setSimulatedRole('s1', 'viewer')
    await store.sessions.touch('s1', at(HOUR))
    expect(await store.sessions.find('s1', at())).toMatchObject({
      simulatedRole: 'viewer',
      lastSeenAt: at(HOUR),
    })
    await store.sessions.delete('s1')
    expect(await store.sessions.find('s1', at())).toBeNull()
    expect(await store.sessions.deleteForUser(u.id)).toBe(2)
    expect(await store.sessions.find('s2', at())).toBeNull()
    await store.sessions.create({ idHash: 'old', userId: u.id, createdAt: at(-2 * DAY), expiresAt: at(-DAY) })
    expect(await store.sessions.purgeExpired(at())).toBeGreaterThanOrEqual(1)
  })

  it('spends tokens once, for their purpose only, before they expire', async () => {
    const u = await store.users.create(newUser('tokens@example.com'))
    const save = (hash: string, purpose: 'verify_email' | 'password_reset', expiresIn = HOUR) =>
      store.tokens.save({ hash, userId: u.id, purpose, createdAt: at(), expiresAt: at(expiresIn) })
    await save('t-verify', 'verify_email')
    expect(await store.tokens.consume('t-verify', 'password_reset', at())).toBeNull()
    expect(await store.tokens.consume('t-verify', 'verify_email', at())).toBe(u.id)
    expect(await store.tokens.consume('t-verify', 'verify_email', at())).toBeNull()

    await save('t-expired', 'password_reset', HOUR)
    expect(await store.tokens.consume('t-expired', 'password_reset', at(HOUR))).toBeNull()

    await save('t-revoked', 'password_reset')
    await store.tokens.revokeOpen(u.id, 'password_reset', at())
    expect(await store.tokens.consume('t-revoked', 'password_reset', at())).toBeNull()

    await save('t-race', 'password_reset')
    const racers = await Promise.all(
      Array.from({ length: 6 }, () => store.tokens.consume('t-race', 'password_reset', at())),
    )
    expect(racers.filter((r) => r !== null)).toEqual([u.id])

    await save('t-open', 'verify_email', DAY)
    expect(await store.tokens.purgeSpent(at(HOUR))).toBeGreaterThanOrEqual(4)
    expect(await store.tokens.consume('t-open', 'verify_email', at(HOUR))).toBe(u.id)
  })

  it('keeps one preference document per user, replaced on write', async () => {
    const u = await store.users.create(newUser('prefs@example.com'))
    expect(await store.preferences.get(u.id)).toEqual({ page_sizes: {}, tabs: {}, panels: {}, groups: {} })
    await store.preferences.put(
      u.id,
      {
        page_sizes: { 'tags.list': 50 },
        tabs: { tags: 'yours' },
        panels: { 'tag.experiences': false },
        groups: {},
      },
      at(),
    )
    await store.preferences.put(
      u.id,
      { page_sizes: { 'experiences.list': 100 }, tabs: {}, panels: {}, groups: { tools: true } },
      at(HOUR),
    )
    expect(await store.preferences.get(u.id)).toEqual({
      page_sizes: { 'experiences.list': 100 },
      tabs: {},
      panels: {},
      groups: { tools: true },
    })
  })

  it('appends to the audit log, newest first', async () => {
    const u = await store.users.create(newUser('audit@example.com'))
    await store.audit.record({
      at: at(),
      actorId: u.id,
      action: 'user.role_change',
      target: 'user:1',
      details: { from: 'viewer', to: 'editor' },
      ip: '127.0.0.1',
    })
    await store.audit.record({
      at: at(1),
      actorId: null,
      action: 'place.edit',
      target: 'place:1',
      details: { released: { to: '2024-01-01T00:00:00.000Z' } },
      ip: null,
    })
    const [latest, previous] = await store.audit.recent(2)
    expect(latest).toMatchObject({ action: 'place.edit', actorId: null })
    expect(previous).toMatchObject({
      actorId: u.id,
      details: { from: 'viewer', to: 'editor' },
      ip: '127.0.0.1',
    })
    expect(
      (await store.audit.recent(10, { action: 'user.role_change' })).every(
        (e) => e.action === 'user.role_change',
      ),
    ).toBe(true)
  })

  it('forgets audit-log addresses older than the cut-off, keeping the entries', async () => {
    const u = await store.users.create(newUser('audit-addresses@example.com'))
    const entry = (offsetMs: number, ip: string | null) =>
      store.audit.record({
        at: at(offsetMs),
        actorId: u.id,
        action: 'session.simulate_role',
        target: `user:${u.id}`,
        details: { offset: offsetMs },
        ip,
      })
    // Cut-off T0: a day before it, a minute before it, a day after it; one without an address.
    await entry(-DAY, '198.51.100.1')
    await entry(-60_000, '198.51.100.2')
    await entry(DAY, '198.51.100.3')
    await entry(-2 * DAY, null)
    const cleared = await store.audit.clearAddresses(at())
    expect(cleared).toBeGreaterThanOrEqual(2)
    const mine = (await store.audit.recent(1000)).filter((e) => e.target === `user:${u.id}`)
    // Newest entry first (the log's order).
    expect(mine.map((e) => [e.details.offset, e.ip])).toEqual([
      [-2 * DAY, null],
      [DAY, '198.51.100.3'],
      [-60_000, null],
      [-DAY, null],
    ])
    expect(await store.audit.clearAddresses(at())).toBe(0)
  })

  it('deletes an account with what is kept with it, never the last admin, and keeps the audit log impersonal', async () => {
    const admins = (await store.users.list()).filter((u) => u.role === 'admin')
    for (const a of admins) await store.users.setRole(a.id, 'viewer')
    const admin = await store.users.create(newUser('deleting-admin@example.com', { role: 'admin' }))
    const other = await store.users.create(newUser('staying@example.com'))
    await store.sessions.create({ idHash: 'del-s', userId: admin.id, createdAt: at(), expiresAt: at(DAY) })
    await store.tokens.save({
      hash: 'del-t',
      userId: admin.id,
      purpose: 'password_reset',
      createdAt: at(),
      expiresAt: at(HOUR),
    })
    await store.preferences.put(
      admin.id,
      { page_sizes: { users: 50 }, tabs: {}, panels: {}, groups: {} },
      at(),
    )
    const audit = (actorId: number, target: string, ip: string) =>
      store.audit.record({ at: at(), actorId, action: 'user.role_change', target, details: {}, ip })
    await audit(admin.id, `user:${other.id}`, '203.0.113.1') // by the account
    await audit(other.id, `user:${admin.id}`, '203.0.113.2') // about the account
    await audit(other.id, `user:${other.id}`, '203.0.113.3') // neither

    expect(await store.users.deleteKeepingAnAdmin(admin.id, at(1))).toBe('last_admin')
    expect(await store.users.findById(admin.id)).not.toBeNull()
    await store.users.setRole(other.id, 'admin')
    expect(await store.users.deleteKeepingAnAdmin(admin.id, at(1))).toBe('deleted')
    expect(await store.users.deleteKeepingAnAdmin(admin.id, at(1))).toBeNull()

    expect(await store.users.findById(admin.id)).toBeNull()
    expect(await store.sessions.find('del-s', at())).toBeNull()
    expect(await store.tokens.consume('del-t', 'password_reset', at())).toBeNull()
    expect(await store.preferences.get(admin.id)).toEqual({
      page_sizes: {},
      tabs: {},
      panels: {},
      groups: {},
    })
    const log = await store.audit.recent(20)
    const of = (target: string) => log.filter((e) => e.target === target && e.action === 'user.role_change')
    expect(of(`user:${other.id}`).map((e) => [e.actorId, e.ip])).toEqual([
      [other.id, '203.0.113.3'],
      [null, null],
    ])
    expect(of(`user:${admin.id}`).map((e) => [e.actorId, e.ip])).toEqual([[other.id, null]])
    expect(log.find((e) => e.action === 'user.delete')).toMatchObject({
      actorId: null,
      target: `user:${admin.id}`,
      ip: null,
    })
    await store.users.setRole(other.id, 'viewer')
    for (const a of admins) await store.users.setRole(a.id, 'admin')
  })

  it('keeps staff edits of experiences, with place ids beyond 32 bits as numbers', async () => {
    const placeId = 920_587_237_123
    expect(await store.placeEdits.get(placeId)).toBeNull()
    await store.placeEdits.save(placeId, { canonicalName: 'Adopt Me' }, null, at())
    const both = await store.placeEdits.save(placeId, { released: '2017-07-14T00:00:00.000Z' }, null, at(1))
    expect(both).toEqual({ placeId, canonicalName: 'Adopt Me', released: '2017-07-14T00:00:00.000Z' })
    const cleared = await store.placeEdits.save(placeId, { canonicalName: null }, null, at(2))
    expect(cleared.canonicalName).toBeNull()
    expect(cleared.released).toBe('2017-07-14T00:00:00.000Z')
    const all = await store.placeEdits.all()
    expect(all.get(placeId)?.placeId).toBe(placeId)
  })

  it('rolls a failed transaction back and keeps concurrent statements out of an open one', async () => {
    let committed = false
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            email: 'rolled-back@example.com',
            password_hash: null,
            google_sub: null,
            first_name: 'R',
            last_name: 'B',
            user_type: null,
            analytics_id: 'rolled-back',
            created_at: at(),
            last_active_at: null,
          })
          .execute()
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    expect(await store.users.findByEmail('rolled-back@example.com')).toBeNull()

    // A read issued while a transaction is open must not see its uncommitted row: on PostgreSQL it runs
    // on another connection; on PGlite (one connection) it waits for the commit.
    let outside: Promise<string | null> = Promise.resolve(null)
    let answeredBeforeCommit: string | null | 'not yet' = 'not yet'
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          email: 'pending@example.com',
          password_hash: null,
          google_sub: null,
          first_name: 'P',
          last_name: 'T',
          user_type: null,
          analytics_id: 'pending',
          created_at: at(),
          last_active_at: null,
        })
        .execute()
      outside = store.users.findByEmail('pending@example.com').then((u) => u?.email ?? null)
      void outside.then((email) => {
        if (answeredBeforeCommit === 'not yet' && !committed) answeredBeforeCommit = email
      })
      await new Promise((r) => setTimeout(r, 50))
    })
    committed = true
    const afterCommit = await outside
    // Either it answered before the commit without the row, or it waited and then saw it.
    if (answeredBeforeCommit !== 'not yet') expect(answeredBeforeCommit).toBeNull()
    else expect(afterCommit).toBe('pending@example.com')
    expect((await store.users.findByEmail('pending@example.com'))?.email).toBe('pending@example.com')
  })
})

describe('PGlite in a data dir', () => {
  it('keeps what was written across a close and a reopen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ludex-pglite-'))
    try {
      const first = await openAppDatabase({ pgliteDir: join(dir, 'pglite'), logger })
      await migrateAppDatabase(first.db, logger)
      await accountsStore(first.db).users.create(newUser('kept@example.com'))
      await first.close()
      const second = await openAppDatabase({ pgliteDir: join(dir, 'pglite'), logger })
      expect(await migrateAppDatabase(second.db, logger)).toEqual([])
      expect((await accountsStore(second.db).users.findByEmail('kept@example.com'))?.firstName).toBe('Ada')
      await second.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
