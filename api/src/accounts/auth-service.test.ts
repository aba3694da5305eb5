import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppDatabase, migrateAppDatabase, openAppDatabase } from '../db/app-db.ts'
import type { MailMessage } from '../mail/mailer.ts'
import { type AuthService, type AuthServiceOptions, createAuthService } from './auth-service.ts'
import { createPasswordHasher, type PasswordHasher } from './passwords.ts'
import { accountsStore } from './store.ts'

const logger = pino({ level: 'silent' })

/** The auth service as the tests here need it: a fixed clock, cheap hashing, mail kept in `sent`. */
function testAuthService(
  deps: Pick<AuthServiceOptions, 'store'> & Partial<Pick<AuthServiceOptions, 'hasher'>>,
  sent: MailMessage[],
): AuthService {
  return createAuthService({
    hasher: createPasswordHasher({ memoryKib: 1024, timeCost: 1, parallelism: 1 }),
    ...deps,
    mailer: { send: async (m) => void sent.push(m), close: async () => {} },
    mail: { product: 'Ludex', publicUrl: 'https://ludex.example' },
    google: null,
    now: () => Date.UTC(2026, 0, 1),
    sessionTtlMs: 86_400_000,
    verifyTokenTtlMs: 3_600_000,
    resetTokenTtlMs: 3_600_000,
    logger,
  })
}

/**
 * What keeps the answers free of enumeration by timing: every sign-in attempt costs one password
 * verification, and sign-up always hashes, whether or not the email has an account.
 */
describe('auth service: the same work for known and unknown emails', () => {
  let database: AppDatabase
  let auth: AuthService
  const calls = { hash: 0, verify: 0, verifyNothing: 0 }
  const sent: MailMessage[] = []

  beforeAll(async () => {
    database = await openAppDatabase({ logger })
    await migrateAppDatabase(database.db, logger)
    const inner = createPasswordHasher({ memoryKib: 1024, timeCost: 1, parallelism: 1 })
    const hasher: PasswordHasher = {
      hash: (p) => {
        calls.hash++
        return inner.hash(p)
      },
      verify: (h, p) => {
        calls.verify++
        return inner.verify(h, p)
      },
      verifyNothing: (p) => {
        calls.verifyNothing++
        return inner.verifyNothing(p)
      },
    }
    auth = testAuthService({ store: accountsStore(database.db), hasher }, sent)
  }, 60_000)
  afterAll(() => database?.close())

  const reset = () => {
    calls.hash = 0
    calls.verify = 0
    calls.verifyNothing = 0
  }

  it('verifies one password per sign-in attempt, known email or not', async () => {
    const form = {
      first_name: 'K',
      last_name: 'N',
      email: 'known@example.com',
      password: 'the right one',
      interests: ['obby' as const],
      user_type: 'player' as const,
    }
    await auth.register(form, null)
    reset()
    expect((await auth.login('unknown@example.com', 'whatever')).kind).toBe('invalid')
    expect(calls).toEqual({ hash: 0, verify: 0, verifyNothing: 1 })
    reset()
    expect((await auth.login('known@example.com', 'wrong')).kind).toBe('invalid')
    expect(calls).toEqual({ hash: 0, verify: 1, verifyNothing: 0 })
    reset()
    // Sign-up hashes the password for a taken email too.
    await auth.register(form, null)
    expect(calls.hash).toBe(1)
  })

  it('sends reset mail only for real accounts, answering both alike', async () => {
    await auth.flush()
    sent.length = 0
    await expect(auth.requestPasswordReset('nobody@example.com')).resolves.toBeUndefined()
    await expect(auth.requestPasswordReset('KNOWN@example.com')).resolves.toBeUndefined()
    await auth.flush()
    expect(sent.map((m) => m.to)).toEqual(['known@example.com'])
    expect(sent[0]?.text).toContain('https://ludex.example/change-password#token=')
  })
})

/**
 * A reset request for a registered email used to do a few more queries before answering (revoke the
 * old links, store the new one), so its answer took measurably longer than an unknown email's. The
 * answer must not wait for anything that depends on whether the account exists.
 */
describe('auth service: a password reset request answers before any work on the account', () => {
  let database: AppDatabase
  afterAll(() => database?.close())

  it('answers for a registered email while the account’s token writes are held back', async () => {
    database = await openAppDatabase({ logger })
    await migrateAppDatabase(database.db, logger)
    const inner = accountsStore(database.db)
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let reached!: () => void
    const writeReached = new Promise<'the answer waited for the account'>((resolve) => {
      reached = () => resolve('the answer waited for the account')
    })
    const store = {
      ...inner,
      tokens: {
        ...inner.tokens,
        revokeOpen: async (...args: Parameters<typeof inner.tokens.revokeOpen>) => {
          reached()
          await held
          return inner.tokens.revokeOpen(...args)
        },
      },
    }
    const sent: MailMessage[] = []
    const auth = testAuthService({ store }, sent)
    await auth.register(
      {
        first_name: 'R',
        last_name: 'S',
        email: 'registered@example.com',
        password: 'the right one',
        interests: ['obby'],
        user_type: 'player',
      },
      null,
    )
    await auth.flush()
    sent.length = 0

    const answered = auth.requestPasswordReset('registered@example.com').then(() => 'answered' as const)
    expect(await Promise.race([answered, writeReached])).toBe('answered')
    // The work still happens, after the answer: the link goes out once the writes may proceed.
    release()
    await auth.flush()
    expect(sent.map((m) => m.to)).toEqual(['registered@example.com'])
  })
})
