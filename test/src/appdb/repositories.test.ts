import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type AccountsStore,
  type AppDatabase,
  accountsStore,
  createSecretBox,
  DuplicateCredentialNameError,
  DuplicateEmailError,
  DuplicateTagNameError,
  migrateAppDatabase,
  openAppDatabase,
  sealWebhookSecrets,
  TagFullError,
  WebhookSecretKeyMissingError,
} from '@ludex/api'
import { TAG_MAX_PLACES } from '@ludex/schemas'
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
  const box = createSecretBox(randomBytes(32))

  beforeAll(async () => {
    database = await engine.open()
    await migrateAppDatabase(database.db, logger)
    store = accountsStore(database.db, box)
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
        'event_credentials',
        'place_edits',
        'place_tag_members',
        'place_tags',
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

  describe('tags', () => {
    const BIG = 920_587_237_123
    let ada: number
    let bob: number
    beforeAll(async () => {
      ada = (await store.users.create(newUser('tag-ada@example.com'))).id
      bob = (await store.users.create(newUser('tag-bob@example.com'))).id
    })

    it('creates a tag without experiences, with its owner and times', async () => {
      const tag = await store.tags.create({ name: 'Obby Studio', global: false, ownerId: ada }, at())
      expect(tag).toMatchObject({
        name: 'Obby Studio',
        global: false,
        ownerId: ada,
        ownerEmail: 'tag-ada@example.com',
        placeIds: [],
      })
      expect(tag.createdAt.getTime()).toBe(T0)
      expect(tag.updatedAt.getTime()).toBe(T0)
      expect(await store.tags.find(tag.id)).toEqual(tag)
      expect(await store.tags.find(tag.id + 10_000)).toBeNull()
    })

    it('keeps names unique per owner and among curated tags, whatever the case', async () => {
      await store.tags.create({ name: 'Rivals', global: false, ownerId: ada }, at())
      const taken = store.tags.create({ name: 'RIVALS', global: false, ownerId: ada }, at())
      await expect(taken).rejects.toBeInstanceOf(DuplicateTagNameError)
      await expect(taken).rejects.toThrow("You already have a tag named 'RIVALS'")
      // Another owner, and the curated namespace, are free to use it.
      await store.tags.create({ name: 'rivals', global: false, ownerId: bob }, at())
      await store.tags.create({ name: 'Rivals', global: true, ownerId: bob }, at())
      const curated = store.tags.create({ name: 'rIVALS', global: true, ownerId: ada }, at())
      await expect(curated).rejects.toThrow("A curated tag named 'rIVALS' already exists")
      // A rename into a taken name is refused and changes nothing.
      const other = await store.tags.create({ name: 'Other', global: false, ownerId: ada }, at())
      await expect(
        store.tags.update(other.id, { name: 'rivals', placeIds: [1] }, at(1)),
      ).rejects.toBeInstanceOf(DuplicateTagNameError)
      expect(await store.tags.find(other.id)).toMatchObject({ name: 'Other', placeIds: [] })
    })

    it('keeps members in the order they were added, place ids beyond 32 bits as numbers', async () => {
      const tag = await store.tags.create({ name: 'Order', global: false, ownerId: ada }, at())
      const first = await store.tags.update(tag.id, { placeIds: [30, BIG, 10, 30] }, at(1))
      expect(first?.tag.placeIds).toEqual([30, BIG, 10])
      expect(first?.change).toEqual({ added: [30, BIG, 10], removed: [] })
      expect(first?.tag.updatedAt.getTime()).toBe(T0 + 1)
      // Kept members stay in place, new ones are appended in the order given, missing ones removed.
      const second = await store.tags.update(tag.id, { placeIds: [20, 10, 30] }, at(2))
      expect(second?.tag.placeIds).toEqual([30, 10, 20])
      expect(second?.change).toEqual({ added: [20], removed: [BIG] })
      const added = await store.tags.addPlaces(tag.id, [10, 40, 5, 40], at(3))
      expect(added?.tag.placeIds).toEqual([30, 10, 20, 40, 5])
      expect(added?.change).toEqual({ added: [40, 5], removed: [] })
      const removed = await store.tags.removePlace(tag.id, 10, at(4))
      expect(removed?.tag.placeIds).toEqual([30, 20, 40, 5])
      expect(removed?.change).toEqual({ added: [], removed: [10] })
      // Re-added, it goes to the end.
      expect((await store.tags.addPlaces(tag.id, [10], at(5)))?.tag.placeIds).toEqual([30, 20, 40, 5, 10])
    })

    it('leaves an unchanged tag as it was, its update time included', async () => {
      const tag = await store.tags.create({ name: 'Still', global: false, ownerId: ada }, at())
      await store.tags.update(tag.id, { placeIds: [1, 2] }, at(1))
      const same = await store.tags.update(tag.id, { name: 'Still', placeIds: [2, 1, 2] }, at(9))
      expect(same?.change).toEqual({ added: [], removed: [] })
      expect(same?.tag.updatedAt.getTime()).toBe(T0 + 1)
      expect((await store.tags.removePlace(tag.id, 3, at(9)))?.change).toEqual({ added: [], removed: [] })
      const renamed = await store.tags.update(tag.id, { name: 'Moved' }, at(10))
      expect(renamed?.change).toEqual({ name: { from: 'Still', to: 'Moved' }, added: [], removed: [] })
      expect(renamed?.tag).toMatchObject({ name: 'Moved', placeIds: [1, 2] })
      expect(renamed?.tag.updatedAt.getTime()).toBe(T0 + 10)
      expect(await store.tags.update(tag.id + 10_000, { name: 'x' }, at())).toBeNull()
      expect(await store.tags.addPlaces(tag.id + 10_000, [1], at())).toBeNull()
      expect(await store.tags.removePlace(tag.id + 10_000, 1, at())).toBeNull()
    })

    it(`holds at most ${TAG_MAX_PLACES} experiences, also when additions race`, async () => {
      const tag = await store.tags.create({ name: 'Full', global: false, ownerId: ada }, at())
      const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i)
      await store.tags.update(tag.id, { placeIds: ids(1, TAG_MAX_PLACES - 10) }, at())
      const over = store.tags.addPlaces(tag.id, ids(5_000, 11), at())
      await expect(over).rejects.toBeInstanceOf(TagFullError)
      await expect(over).rejects.toThrow(
        `it has ${TAG_MAX_PLACES - 10}, and 11 more would make ${TAG_MAX_PLACES + 1}`,
      )
      expect((await store.tags.find(tag.id))?.placeIds).toHaveLength(TAG_MAX_PLACES - 10)
      // Two additions of 6 at once: the tag's row is held, so one passes and the other is refused.
      const results = await Promise.allSettled([
        store.tags.addPlaces(tag.id, ids(10_000, 6), at()),
        store.tags.addPlaces(tag.id, ids(20_000, 6), at()),
      ])
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
      expect((await store.tags.find(tag.id))?.placeIds).toHaveLength(TAG_MAX_PLACES - 4)
    })

    it('lists curated tags to everyone, own tags to their owner, every tag to editors', async () => {
      const mine = await store.tags.create({ name: 'List mine', global: false, ownerId: ada }, at())
      const theirs = await store.tags.create({ name: 'List theirs', global: false, ownerId: bob }, at())
      const curated = await store.tags.create({ name: 'List curated', global: true, ownerId: bob }, at())
      const idsOf = async (reader: { userId: number | null; seesEveryUsersTags: boolean }) =>
        (await store.tags.list(reader)).map((t) => t.id)
      const visitor = await idsOf({ userId: null, seesEveryUsersTags: false })
      expect(visitor).toContain(curated.id)
      expect(visitor).not.toContain(mine.id)
      expect(visitor).not.toContain(theirs.id)
      const user = await idsOf({ userId: ada, seesEveryUsersTags: false })
      expect(user).toEqual(expect.arrayContaining([curated.id, mine.id]))
      expect(user).not.toContain(theirs.id)
      const editor = await idsOf({ userId: ada, seesEveryUsersTags: true })
      expect(editor).toEqual(expect.arrayContaining([curated.id, mine.id, theirs.id]))
      expect(editor).toEqual([...editor].sort((a, b) => a - b))
    })

    it("finds an experience's curated tags and the reader's own, and every member once", async () => {
      const place = 777_000_111
      const curated = await store.tags.create({ name: 'Of place curated', global: true, ownerId: bob }, at())
      const mine = await store.tags.create({ name: 'Of place mine', global: false, ownerId: ada }, at())
      const theirs = await store.tags.create({ name: 'Of place theirs', global: false, ownerId: bob }, at())
      for (const t of [curated, mine, theirs]) await store.tags.addPlaces(t.id, [place, place + 1], at())
      expect(await store.tags.tagIdsOfPlace(place, null)).toEqual([curated.id])
      expect(await store.tags.tagIdsOfPlace(place, ada)).toEqual([curated.id, mine.id])
      expect(await store.tags.tagIdsOfPlace(place, bob)).toEqual([curated.id, theirs.id])
      const members = await store.tags.memberPlaceIds()
      expect(members.filter((p) => p === place || p === place + 1)).toEqual([place, place + 1])
      expect(members).toEqual([...new Set(members)].sort((a, b) => a - b))
    })

    it('deletes a tag with its members', async () => {
      const tag = await store.tags.create({ name: 'Doomed', global: false, ownerId: ada }, at())
      await store.tags.addPlaces(tag.id, [123_456_789], at())
      expect(await store.tags.delete(tag.id)).toBe(true)
      expect(await store.tags.find(tag.id)).toBeNull()
      expect(await store.tags.delete(tag.id)).toBe(false)
      expect(await store.tags.tagIdsOfPlace(123_456_789, ada)).toEqual([])
      const left = await database.db
        .selectFrom('place_tag_members')
        .select('place_id')
        .where('tag_id', '=', tag.id)
        .execute()
      expect(left).toEqual([])
    })
  })

  it('keeps alerts’ webhook secrets sealed: the stored value is not the secret, and opens to it', async () => {
    const owner = await store.users.create(newUser('webhooks@example.com'))
    const secret = randomBytes(32).toString('hex')
    const alert = await store.alerts.insert({
      userId: owner.id,
      name: 'Hook',
      target: { type: 'experience', placeId: 2 ** 40 + 3 },
      rule: { kind: 'momentum', to: 'any' },
      delivery: { channel: 'webhook', url: 'https://hooks.example.com/x', format: 'json' },
      secret,
      createdAt: at(),
    })
    expect(alert.webhook?.secret).toBe(secret)
    const stored = () =>
      database.db
        .selectFrom('alerts')
        .select('webhook_secret')
        .where('id', '=', alert.id)
        .executeTakeFirstOrThrow()
    const sealed = (await stored()).webhook_secret as string
    expect(sealed).not.toContain(secret)
    expect(sealed).toMatch(/^v1\./)
    expect((await store.alerts.list(owner.id))[0]?.webhook?.secret).toBe(secret)
    // Bound to its row: copied to another alert it does not open.
    const other = await store.alerts.insert({
      userId: owner.id,
      name: 'Other',
      target: { type: 'experience', placeId: 5 },
      rule: { kind: 'price' },
      delivery: { channel: 'webhook', url: 'https://hooks.example.com/y', format: 'json' },
      secret: randomBytes(32).toString('hex'),
      createdAt: at(),
    })
    await database.db
      .updateTable('alerts')
      .set({ webhook_secret: sealed })
      .where('id', '=', other.id)
      .execute()
    await expect(store.alerts.list(owner.id)).rejects.toThrow(/does not open/)
    await store.alerts.delete(other.id, owner.id)

    // A secret stored as is (before migration 0006) is sealed by it, and opens to what it was.
    await database.db
      .updateTable('alerts')
      .set({ webhook_secret: secret })
      .where('id', '=', alert.id)
      .execute()
    await expect(sealWebhookSecrets(null).up(database.db)).rejects.toThrow(/CREDENTIALS_KEY/)
    await sealWebhookSecrets(box).up(database.db)
    const resealed = (await stored()).webhook_secret as string
    expect(resealed).not.toContain(secret)
    expect((await store.alerts.list(owner.id))[0]?.webhook?.secret).toBe(secret)
    // Sealing again leaves a sealed secret alone.
    await sealWebhookSecrets(box).up(database.db)
    expect((await stored()).webhook_secret).toBe(resealed)

    // Without the key, a webhook alert is neither stored nor opened; an email alert still is.
    const keyless = accountsStore(database.db)
    await expect(keyless.alerts.list(owner.id)).rejects.toBeInstanceOf(WebhookSecretKeyMissingError)
    await expect(
      keyless.alerts.insert({
        userId: owner.id,
        name: 'No key',
        target: { type: 'experience', placeId: 5 },
        rule: { kind: 'update' },
        delivery: { channel: 'webhook', url: 'https://hooks.example.com/z', format: 'json' },
        secret,
        createdAt: at(),
      }),
    ).rejects.toBeInstanceOf(WebhookSecretKeyMissingError)
    await store.alerts.delete(alert.id, owner.id)
  })

  it('keeps event credentials: sealed secrets, names unique however cased, big place ids, deletion', async () => {
    const row = (gameKey: string, comment: string, placeId = 920_587_237) => ({
      gameKey,
      placeId,
      comment,
      disabled: false,
      secretSealed: `v1.sealed-${gameKey}`,
      createdBy: null,
      createdAt: at(),
      updatedAt: at(),
    })
    const a = await store.credentials.insert(row('a'.repeat(32), 'Zeta Live', 2 ** 40 + 7))
    expect(a).toMatchObject({ placeId: 2 ** 40 + 7, comment: 'Zeta Live', disabled: false })
    await store.credentials.insert(row('b'.repeat(32), 'alpha staging'))
    await expect(store.credentials.insert(row('c'.repeat(32), 'ZETA live'))).rejects.toBeInstanceOf(
      DuplicateCredentialNameError,
    )
    expect((await store.credentials.list()).map((c) => c.comment)).toEqual(['alpha staging', 'Zeta Live'])
    const changed = await store.credentials.update('b'.repeat(32), { disabled: true }, at(HOUR))
    expect(changed).toMatchObject({
      disabled: true,
      comment: 'alpha staging',
      secretSealed: `v1.sealed-${'b'.repeat(32)}`,
    })
    expect(changed?.updatedAt.getTime()).toBe(T0 + HOUR)
    await expect(
      store.credentials.update('b'.repeat(32), { comment: 'zeta LIVE' }, at()),
    ).rejects.toBeInstanceOf(DuplicateCredentialNameError)
    expect(await store.credentials.update('d'.repeat(32), { disabled: true }, at())).toBeNull()
    expect(await store.credentials.delete('a'.repeat(32))).toBe(true)
    expect(await store.credentials.delete('a'.repeat(32))).toBe(false)
    expect(await store.credentials.get('a'.repeat(32))).toBeNull()
    // The name is free again once its credential is gone.
    await store.credentials.insert(row('e'.repeat(32), 'zeta live'))
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
