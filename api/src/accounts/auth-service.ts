import {
  nextSimulatedRole,
  type RegisterRequest,
  type Role,
  type UserIdentity,
  type UserType,
} from '@ludex/schemas'
import type { Logger } from 'pino'
import type { Mailer, MailMessage } from '../mail/mailer.ts'
import {
  alreadyRegisteredMail,
  type MailContext,
  passwordResetMail,
  verificationMail,
} from '../mail/templates.ts'
import type { GoogleVerifier } from './google.ts'
import type { PasswordHasher } from './passwords.ts'
import { newAnalyticsId, newSecret, secretHash } from './secrets.ts'
import type { SessionRecord } from './sessions.ts'
import type { AccountsStore } from './store.ts'
import type { TokenPurpose } from './tokens.ts'
import { DuplicateEmailError, type UserRecord } from './users.ts'

export interface AuthServiceOptions {
  readonly store: AccountsStore
  readonly hasher: PasswordHasher
  readonly mailer: Mailer
  readonly mail: MailContext
  readonly google: GoogleVerifier | null
  readonly now: () => number
  readonly sessionTtlMs: number
  readonly verifyTokenTtlMs: number
  readonly resetTokenTtlMs: number
  readonly logger: Logger
}

/** A new session: the id goes into the cookie, only its hash into the database. */
export interface SignedIn {
  readonly user: UserRecord
  readonly session: SessionRecord
  readonly sessionId: string
}

export type LoginResult =
  | { readonly kind: 'signed_in'; readonly signedIn: SignedIn }
  /** Right password, unverified email: the token lets the client ask for a new verification mail. */
  | { readonly kind: 'unverified'; readonly token: string }
  | { readonly kind: 'invalid' }

export interface ResolvedSession {
  readonly user: UserRecord
  readonly session: SessionRecord
}

export class GoogleSignInError extends Error {
  constructor(
    message: string,
    readonly reason: 'disabled' | 'invalid_credential' | 'email_not_verified',
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'GoogleSignInError'
  }
}

/**
 * How a signed-in user confirms deleting the account: the password, or (an account without one, which
 * signs in with Google) a session begun this recently, i.e. signing in again just before.
 */
export const FRESH_SESSION_MS = 10 * 60_000

export type AccountDeletion =
  | 'deleted'
  | 'last_admin'
  /** No password given and the session is older than FRESH_SESSION_MS. */
  | 'confirmation_required'
  | 'wrong_password'
  | 'not_found'

/** Activity is written at most this often per session (every request would be a write). */
const ACTIVITY_RESOLUTION_MS = 5 * 60_000

/**
 * The account flows of part 2 (§2.11–2.15, §4): sign-up with email verification, sign-in, sign-out,
 * password reset, Google sign-in, onboarding and role simulation. Nothing here reveals whether an email
 * has an account: unknown emails cost a password hash like known ones, a reset request answers before
 * looking the email up, and mail goes out in the background so the answer's timing does not depend on
 * whether one was sent.
 */
export interface AuthService {
  register(input: RegisterRequest, ip: string | null): Promise<UserIdentity>
  login(email: string, password: string): Promise<LoginResult>
  logout(sessionId: string): Promise<void>
  resolve(sessionId: string): Promise<ResolvedSession | null>
  verifyEmail(token: string): Promise<SignedIn | null>
  resendVerification(token: string): Promise<boolean>
  /**
   * Answers at once, before anything that depends on the email having an account; the lookup, the new
   * link and the mail follow in the background (flush waits for them).
   */
  requestPasswordReset(email: string): Promise<void>
  /** Sets the password of the token's account; null for an unknown, used or expired token. */
  changePassword(token: string, password: string, ip: string | null): Promise<UserRecord | null>
  signInWithGoogle(credential: string, ip: string | null): Promise<SignedIn>
  completeOnboarding(
    userId: number,
    interests: readonly string[],
    userType: UserType,
  ): Promise<UserRecord | null>
  /**
   * Deletes the signed-in user's account once confirmed (the password, or a fresh session without
   * one); the last admin cannot (users.deleteKeepingAnAdmin says what goes and what stays).
   */
  deleteAccount(resolved: ResolvedSession, password: string | undefined): Promise<AccountDeletion>
  /** Cycles an admin's simulated role; null when the user may not simulate. */
  simulateNextRole(resolved: ResolvedSession, ip: string | null): Promise<Role | null>
  /** Resolves once every mail handed to the background has been sent (or has failed). */
  flush(): Promise<void>
}

export function createAuthService(options: AuthServiceOptions): AuthService {
  const { store, hasher, logger } = options
  const now = () => new Date(options.now())
  const pending = new Set<Promise<void>>()

  /** Work the answer does not wait for; flush() does. A failure is logged, never thrown at a caller. */
  const inBackground = (what: string, work: () => Promise<void>) => {
    const p = work()
      .catch((err) => logger.error({ err }, `${what} failed`))
      .finally(() => pending.delete(p))
    pending.add(p)
  }
  const sendInBackground = (message: MailMessage) =>
    inBackground(`account mail '${message.subject}'`, () => options.mailer.send(message))
  /**
   * Reset requests run one after another: two close requests for one account must not interleave
   * their revoke-then-issue steps, which would leave two live links.
   */
  let resets: Promise<void> = Promise.resolve()

  const issueToken = async (userId: number, purpose: TokenPurpose, ttlMs: number): Promise<string> => {
    const token = newSecret()
    const at = now()
    await store.tokens.save({
      hash: secretHash(token),
      userId,
      purpose,
      createdAt: at,
      expiresAt: new Date(at.getTime() + ttlMs),
    })
    return token
  }

  const sendVerification = async (user: UserRecord) => {
    const token = await issueToken(user.id, 'verify_email', options.verifyTokenTtlMs)
    sendInBackground(verificationMail(options.mail, user.email, user.firstName, token))
  }

  const startSession = async (user: UserRecord): Promise<SignedIn> => {
    const sessionId = newSecret()
    const at = now()
    const session: SessionRecord = {
      idHash: secretHash(sessionId),
      userId: user.id,
      createdAt: at,
      expiresAt: new Date(at.getTime() + options.sessionTtlMs),
      lastSeenAt: at,
      simulatedRole: null,
    }
    await store.sessions.create(session)
    await store.users.touchActive(user.id, at)
    return { user: { ...user, lastActiveAt: at }, session, sessionId }
  }

  const audit = (
    action: Parameters<AccountsStore['audit']['record']>[0]['action'],
    actorId: number | null,
    target: string | null,
    details: Record<string, unknown>,
    ip: string | null,
  ) => store.audit.record({ at: now(), actorId, action, target, details, ip })

  return {
    async register(input, ip) {
      // Hash first, whatever happens next: the answer takes as long for a taken email as for a new one.
      const passwordHash = await hasher.hash(input.password)
      const existing = await store.users.findByEmail(input.email)
      const identity = (analyticsId: string): UserIdentity => ({
        id: analyticsId,
        email: input.email.trim().toLowerCase(),
        first_name: input.first_name,
        last_name: input.last_name,
      })
      if (existing) {
        if (existing.emailVerified)
          sendInBackground(alreadyRegisteredMail(options.mail, existing.email, existing.firstName))
        else await sendVerification(existing)
        // A fresh id: the existing account's analytics id must not leak to whoever typed its email.
        return identity(newAnalyticsId())
      }
      let user: UserRecord
      try {
        user = await store.users.create({
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          interests: input.interests,
          userType: input.user_type,
          analyticsId: newAnalyticsId(),
          createdAt: now(),
        })
      } catch (err) {
        // Two sign-ups with one email at once: the loser is answered like any taken email.
        if (err instanceof DuplicateEmailError) return identity(newAnalyticsId())
        throw err
      }
      await audit('user.register', user.id, `user:${user.id}`, {}, ip)
      await sendVerification(user)
      return identity(user.analyticsId)
    },

    async login(email, password) {
      const user = await store.users.findByEmail(email)
      const ok = user?.passwordHash
        ? await hasher.verify(user.passwordHash, password)
        : await hasher.verifyNothing(password)
      if (!user || !ok) return { kind: 'invalid' }
      if (!user.emailVerified) {
        return {
          kind: 'unverified',
          token: await issueToken(user.id, 'resend_verification', options.resetTokenTtlMs),
        }
      }
      return { kind: 'signed_in', signedIn: await startSession(user) }
    },

    async logout(sessionId) {
      await store.sessions.delete(secretHash(sessionId))
    },

    async resolve(sessionId) {
      const at = now()
      const session = await store.sessions.find(secretHash(sessionId), at)
      if (!session) return null
      const user = await store.users.findById(session.userId)
      if (!user) return null
      if (at.getTime() - session.lastSeenAt.getTime() >= ACTIVITY_RESOLUTION_MS) {
        await store.sessions.touch(session.idHash, at)
        await store.users.touchActive(user.id, at)
        return { user: { ...user, lastActiveAt: at }, session: { ...session, lastSeenAt: at } }
      }
      return { user, session }
    },

    async verifyEmail(token) {
      const userId = await store.tokens.consume(secretHash(token), 'verify_email', now())
      if (userId === null) return null
      const user = await store.users.findById(userId)
      if (!user) return null
      if (!user.emailVerified) {
        await store.users.markVerified(user.id)
        await audit('user.verify_email', user.id, `user:${user.id}`, {}, null)
      }
      await store.tokens.revokeOpen(user.id, 'verify_email', now())
      return startSession({ ...user, emailVerified: true })
    },

    async resendVerification(token) {
      const userId = await store.tokens.consume(secretHash(token), 'resend_verification', now())
      if (userId === null) return false
      const user = await store.users.findById(userId)
      if (!user) return false
      if (!user.emailVerified) await sendVerification(user)
      return true
    },

    async requestPasswordReset(email) {
      // The answer must not take longer for a registered email (the extra writes took ~2 ms), so
      // nothing here is awaited: the same (nothing) is done before answering, account or not.
      const work = resets.then(async () => {
        const user = await store.users.findByEmail(email)
        if (!user) return
        await store.tokens.revokeOpen(user.id, 'password_reset', now())
        const token = await issueToken(user.id, 'password_reset', options.resetTokenTtlMs)
        sendInBackground(passwordResetMail(options.mail, user.email, user.firstName, token))
      })
      resets = work.catch(() => {})
      inBackground('password reset request', () => work)
    },

    async changePassword(token, password, ip) {
      // Hash before the token is spent: a failure to hash must not burn the link.
      const passwordHash = await hasher.hash(password)
      const userId = await store.tokens.consume(secretHash(token), 'password_reset', now())
      if (userId === null) return null
      await store.users.setPasswordHash(userId, passwordHash)
      // The link reached the mailbox, so the address is proven too.
      await store.users.markVerified(userId)
      const revoked = await store.sessions.deleteForUser(userId)
      await audit('user.password_change', userId, `user:${userId}`, { sessions_revoked: revoked }, ip)
      return store.users.findById(userId)
    },

    async signInWithGoogle(credential, ip) {
      if (!options.google) throw new GoogleSignInError('Google sign-in is not configured', 'disabled')
      let identity: Awaited<ReturnType<GoogleVerifier['verify']>>
      try {
        identity = await options.google.verify(credential)
      } catch (cause) {
        throw new GoogleSignInError('The Google credential is not valid', 'invalid_credential', { cause })
      }
      const linked = await store.users.findByGoogleSub(identity.sub)
      if (linked) return startSession(linked)
      if (!identity.emailVerified) {
        throw new GoogleSignInError('Google has not verified this email', 'email_not_verified')
      }
      const existing = await store.users.findByEmail(identity.email)
      if (existing) {
        await store.users.linkGoogle(existing.id, identity.sub)
        let user: UserRecord = { ...existing, googleSub: identity.sub }
        if (!existing.emailVerified) {
          // Whoever registered this unverified account never proved the mailbox: their password and
          // sessions go, so a squatter cannot keep access to the account its owner now takes over.
          await store.users.setPasswordHash(existing.id, null)
          await store.sessions.deleteForUser(existing.id)
          await store.users.markVerified(existing.id)
          user = { ...user, passwordHash: null, emailVerified: true }
        }
        await audit(
          'user.google_link',
          existing.id,
          `user:${existing.id}`,
          { was_verified: existing.emailVerified },
          ip,
        )
        return startSession(user)
      }
      let created: UserRecord
      try {
        created = await store.users.create({
          email: identity.email,
          passwordHash: null,
          firstName: identity.givenName,
          lastName: identity.familyName,
          emailVerified: true,
          googleSub: identity.sub,
          analyticsId: newAnalyticsId(),
          createdAt: now(),
        })
      } catch (err) {
        if (!(err instanceof DuplicateEmailError)) throw err
        // A concurrent sign-in made the account first: link to it.
        const raced = await store.users.findByEmail(identity.email)
        if (!raced) throw err
        return startSession(raced)
      }
      await audit('user.register', created.id, `user:${created.id}`, { via: 'google' }, ip)
      return startSession(created)
    },

    completeOnboarding(userId, interests, userType) {
      return store.users.setOnboarding(userId, interests, userType)
    },

    async deleteAccount(resolved, password) {
      const { user, session } = resolved
      if (password !== undefined) {
        const ok = user.passwordHash
          ? await hasher.verify(user.passwordHash, password)
          : await hasher.verifyNothing(password)
        if (!ok) return 'wrong_password'
      } else if (now().getTime() - session.createdAt.getTime() > FRESH_SESSION_MS) {
        return 'confirmation_required'
      }
      const result = await store.users.deleteKeepingAnAdmin(user.id, now())
      if (result === 'deleted') logger.info({ userId: user.id }, 'account deleted')
      return result ?? 'not_found'
    },

    async simulateNextRole(resolved, ip) {
      if (resolved.user.role !== 'admin') return null
      const current = resolved.session.simulatedRole ?? resolved.user.role
      const next = nextSimulatedRole(current)
      await store.sessions.setSimulatedRole(resolved.session.idHash, next === 'admin' ? null : next)
      await audit(
        'session.simulate_role',
        resolved.user.id,
        `user:${resolved.user.id}`,
        { from: current, to: next },
        ip,
      )
      return next
    },

    async flush() {
      while (pending.size > 0) await Promise.all([...pending])
    },
  }
}
