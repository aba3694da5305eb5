import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RunningServer } from '@ludex/api'
import { listenWithoutStore } from '@ludex/api/testing'
import { loadConfig, type OutboxMail } from '@ludex/schemas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AccountsRuntime, startAccounts } from './accounts.ts'
import { createLogger } from './logger.ts'

/**
 * A whole account flow (sign-up, verification, sign-in, a wrong password, reset, a changed password,
 * and queries the app database refuses) through the one logger at its most verbose, writing to a
 * buffer: nothing secret or personal may reach the log, whichever module logged it.
 */
describe('the log of an account flow holds no secret', () => {
  const lines: string[] = []
  let dataDir: string
  let runtime: AccountsRuntime
  let server: RunningServer

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ludex-log-'))
    const config = loadConfig({
      LUDEX_DATA_DIR: dataDir,
      MAIL_OUTBOX_PAGE: 'true',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      LOG_LEVEL: 'trace',
    })
    const logger = createLogger(config, { write: (line: string) => void lines.push(line) })
    runtime = await startAccounts(config, logger, Date.now)
    server = await listenWithoutStore({
      logger: logger.child({ component: 'api' }),
      ...runtime.http,
      accounts: runtime.accounts,
    })
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await runtime?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
      body: JSON.stringify(body),
    })
  const sessionIdOf = (res: Response) => res.headers.getSetCookie()[0]!.split(';')[0]!.split('=')[1]!
  /** The token of the newest outbox mail to `to`, as the outbox page lists it. */
  const newestToken = async (to: string) => {
    await runtime.accounts.auth.flush()
    const list = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as OutboxMail[]
    const link = list.find((m) => m.to === to)?.links[0]
    const token = link?.split('#token=')[1]
    if (!token) throw new Error(`no link to ${to} in the outbox`)
    return token
  }

  it('redacts tokens, password hashes, passwords, emails and names, even of failed queries', async () => {
    const user = {
      first_name: 'Ottoline',
      last_name: 'Quennellworth',
      email: 'ottoline.quennell@example.com',
      password: 'pw-register-Xy7kq',
      interests: ['obby'],
      user_type: 'player',
    }
    const secrets: string[] = [user.first_name, user.last_name, user.email, user.password]

    expect((await post('/api/auth/register', user)).status).toBe(200)
    const verifyToken = await newestToken(user.email)
    const verified = await post('/api/auth/verify-email', { token: verifyToken })
    expect(verified.status).toBe(200)
    const signedIn = await post('/api/auth/login', { email: user.email, password: user.password })
    expect(signedIn.status).toBe(200)
    const wrong = 'pw-wrong-Qz9mmw'
    expect((await post('/api/auth/login', { email: user.email, password: wrong })).status).toBe(401)
    expect((await post('/api/auth/password/request', { email: user.email })).status).toBe(200)
    const resetToken = await newestToken(user.email)
    const changed = 'pw-changed-Lm3vvb'
    expect((await post('/api/auth/password/change', { token: resetToken, password: changed })).status).toBe(
      200,
    )
    secrets.push(verifyToken, resetToken, wrong, changed, sessionIdOf(verified), sessionIdOf(signedIn))
    const stored = await sql<{ h: string }>`select password_hash as h from users union all
      select token_hash from email_tokens union all select id_hash from sessions`.execute(runtime.database.db)
    secrets.push(...stored.rows.map((r) => r.h))

    // Queries the database refuses: its errors carry the row and the parameters (email, names, hash).
    const db = runtime.database.db
    await sql`alter table users add constraint log_test_no_new_users check (false) not valid`.execute(db)
    await sql`alter table email_tokens add constraint log_test_no_new_tokens check (false) not valid`.execute(
      db,
    )
    const refused = {
      ...user,
      first_name: 'Bartholomew',
      last_name: 'Featherstonehaugh',
      email: 'bartholomew.f@example.com',
      password: 'pw-refused-Rt5bnm',
    }
    secrets.push(refused.first_name, refused.last_name, refused.email, refused.password)
    expect((await post('/api/auth/register', refused)).status).toBe(500)
    // A reset link the database will not store: the failure is logged from the background.
    expect((await post('/api/auth/password/request', { email: user.email })).status).toBe(200)
    await runtime.accounts.auth.flush()

    const log = lines.join('')
    // The failures were logged, with their error and its redacted parts.
    const failures = lines.filter((l) => /"level":50/.test(l))
    expect(failures.length).toBeGreaterThanOrEqual(2)
    expect(failures.join('')).toContain('violates check constraint')
    expect(log).toContain('[redacted]')
    for (const secret of secrets) {
      expect(log.includes(secret), `the log holds '${secret}'`).toBe(false)
      expect(log.toLowerCase().includes(secret.toLowerCase()), `the log holds '${secret}'`).toBe(false)
    }
    expect(log).not.toContain('$argon2')
    expect(log).not.toContain('#token=')
  })
})
