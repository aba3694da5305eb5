import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunningServer } from '@ludex/api'
import { listenWithoutStore } from '@ludex/api/testing'
import { loadConfig, type OutboxMail } from '@ludex/schemas'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountsRuntime, accountsHttpOptions, startAccounts } from './accounts.ts'
import { createUserFromCli, setUserRoleFromCli, UserCommandError } from './users.ts'

const logger = pino({ level: 'silent' })

/** The account wiring of `ludex run`/`ludex api`: PGlite in the data dir, the outbox, `ludex user`. */
describe('accounts runtime (embedded)', () => {
  let dataDir: string
  let runtime: AccountsRuntime
  let server: RunningServer
  const env = (extra: Record<string, string> = {}) =>
    loadConfig({
      LUDEX_DATA_DIR: dataDir,
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      LOG_LEVEL: 'silent',
      ...extra,
    })

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-accounts-'))
    runtime = await startAccounts(env({ MAIL_OUTBOX_PAGE: 'true' }), logger, Date.now)
    server = await serve(runtime.http)
  }, 60_000)
  afterAll(async () => {
    for (const s of servers) await s.close()
    await runtime?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const servers: RunningServer[] = []
  /** The API over the runtime's accounts, with the HTTP options given. */
  const serve = async (http: AccountsRuntime['http']) => {
    const s = await listenWithoutStore({ logger, ...http, accounts: runtime.accounts })
    servers.push(s)
    return s
  }

  it('opens PGlite in the data dir and mounts the outbox page only when MAIL_OUTBOX_PAGE asks', async () => {
    expect(runtime.database.engine).toBe('pglite')
    expect(await readdir(join(dataDir, 'pglite'))).toContain('PG_VERSION')
    expect(runtime.http).toMatchObject({ devRoutes: true, allowedOrigins: ['http://localhost:8080'] })
    expect(
      accountsHttpOptions(env({ MAIL_OUTBOX_PAGE: 'true', SMTP_URL: 'smtp://127.0.0.1:2525' })),
    ).toMatchObject({ devRoutes: false })
    // Without it (whatever NODE_ENV says) nothing mounts it: a plain `ludex run` lists no reset links.
    const plain = accountsHttpOptions(env())
    expect(plain).toMatchObject({ devRoutes: false })
    const outbox = await fetch(`${(await serve(plain)).url}/api/dev/outbox`)
    expect(outbox.status).toBe(404)
  })

  it('asks for HSTS exactly when PUBLIC_URL is https', () => {
    expect(runtime.http.strictTransportSecurity).toBe(false)
    expect(accountsHttpOptions(env({ PUBLIC_URL: 'https://ludex.example' })).strictTransportSecurity).toBe(
      true,
    )
    expect(accountsHttpOptions(env({ PUBLIC_URL: 'http://ludex.example' })).strictTransportSecurity).toBe(
      false,
    )
  })

  it('keeps mail in the outbox and lists it at /api/dev/outbox with its links', async () => {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Out',
        last_name: 'Box',
        email: 'outbox@example.com',
        password: 'long enough password',
        interests: ['obby'],
        user_type: 'player',
      }),
    })
    expect(res.status).toBe(200)
    await runtime.accounts.auth.flush()
    const list = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as OutboxMail[]
    const mail = list.find((m) => m.to === 'outbox@example.com')!
    expect(mail.subject).toBe('Verify your email for Ludex')
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:8080\/verify-email#token=[A-Za-z0-9_-]{43}$/)
    expect(await readdir(join(dataDir, 'outbox'))).toContain(`${mail.id}.json`)
    const token = mail.links[0]!.split('#token=')[1]
    const verified = await fetch(`${server.url}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    })
    expect(verified.status).toBe(200)
  })

  it('makes the first admin with `ludex user create --role admin`, who can sign in and list users', async () => {
    const config = env()
    const { user, generatedPassword } = await createUserFromCli(runtime.database.db, config, {
      email: 'First.Admin@example.com',
      firstName: 'First',
      lastName: 'Admin',
      role: 'admin',
    })
    expect(user).toMatchObject({ email: 'first.admin@example.com', role: 'admin', emailVerified: true })
    expect(generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/)
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first.admin@example.com', password: generatedPassword }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!
    const users = await fetch(`${server.url}/api/users`, { headers: { cookie } })
    expect(users.status).toBe(200)
    const [audit] = await runtime.accounts.store.audit.recent(1, { action: 'user.create_cli' })
    expect(audit).toMatchObject({ target: `user:${user.id}`, details: { role: 'admin' } })

    await expect(
      createUserFromCli(runtime.database.db, config, {
        email: 'first.admin@example.com',
        firstName: 'A',
        lastName: 'B',
        role: 'viewer',
      }),
    ).rejects.toBeInstanceOf(UserCommandError)
    await expect(
      createUserFromCli(runtime.database.db, config, {
        email: 'weak@example.com',
        firstName: 'A',
        lastName: 'B',
        role: 'viewer',
        password: 'short',
      }),
    ).rejects.toThrow('Password needs to be longer')
    await expect(
      setUserRoleFromCli(runtime.database.db, 'first.admin@example.com', 'editor'),
    ).rejects.toThrow('last admin')
    await createUserFromCli(runtime.database.db, config, {
      email: 'second.admin@example.com',
      firstName: 'Second',
      lastName: 'Admin',
      role: 'admin',
      password: 'second admin password',
    })
    expect((await setUserRoleFromCli(runtime.database.db, 'FIRST.admin@example.com', 'editor')).role).toBe(
      'editor',
    )
    await expect(
      setUserRoleFromCli(runtime.database.db, 'none@example.com', 'editor'),
    ).rejects.toBeInstanceOf(UserCommandError)
  })
})
