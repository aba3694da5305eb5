import {
  googleSignInRequest,
  loginRequest,
  okResponse,
  registerRequest,
  sessionState,
  sessionUser,
  unverifiedSignIn,
  userIdentity,
} from '@ludex/schemas'
import type { Context } from 'koa'
import type { Accounts } from '../../accounts/accounts.ts'
import { GoogleSignInError, type SignedIn } from '../../accounts/auth-service.ts'
import { accountOf, accountsOf, clientIp, limitAttempt } from '../../accounts/route-support.ts'
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../accounts/session-cookie.ts'
import { toSessionUser } from '../../accounts/session-user.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'

/**
 * Starts the session in the cookie. A session the request already carried is revoked first: every
 * sign-in rotates the id (no fixation).
 */
export async function beginSession(ctx: Context, accounts: Accounts, signedIn: SignedIn) {
  const previous = readSessionCookie(ctx, accounts.cookie)
  if (previous) await accounts.auth.logout(previous)
  setSessionCookie(ctx, accounts.cookie, signedIn.sessionId)
  return toSessionUser(signedIn.user, signedIn.session)
}

export const registerRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/register',
  resource: 'auth',
  summary: 'Sign up with email and password; sends the verification email',
  description:
    'Does not sign in: the account is usable once the emailed link is followed. The answer identifies ' +
    'the sign-up for analytics and is the same whether or not the email already had an account (its ' +
    'owner is emailed instead). Rate-limited per client address and per email.',
  body: registerRequest,
  response: userIdentity,
  errors: [403, 429],
  handler: async ({ body, deps, ctx }) => {
    const accounts = accountsOf(deps)
    await limitAttempt(ctx, accounts, 'register', accounts.limits.register, body.email)
    return accounts.auth.register(body, clientIp(ctx))
  },
})

export const loginRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/login',
  resource: 'auth',
  summary: 'Sign in with email and password',
  description:
    'Sets the session cookie and answers the user. 428 with a token when the password is right but the ' +
    'email is not verified yet (resend-verification takes the token). 401 for an unknown email and for ' +
    'a wrong password alike. Rate-limited: failed attempts are counted per client address and per ' +
    'email; a success forgets the email’s failures, and an email at its limit still lets in a client ' +
    'address that has not been failing (so failures from elsewhere cannot lock the owner out).',
  body: loginRequest,
  response: sessionUser,
  otherResponses: { 428: { description: 'The email is not verified yet', schema: unverifiedSignIn } },
  errors: [401, 403, 429],
  handler: async ({ body, deps, ctx }) => {
    const accounts = accountsOf(deps)
    const attempt = await limitAttempt(ctx, accounts, 'login', accounts.limits.login, body.email)
    const result = await accounts.auth.login(body.email, body.password)
    if (result.kind === 'invalid') throw new ApiError(401, 'invalid_credentials', 'Wrong email or password')
    // The right password, verified email or not: not a failure.
    await attempt.succeeded()
    if (result.kind === 'unverified') return { kind: 'status', status: 428, body: { token: result.token } }
    return beginSession(ctx, accounts, result.signedIn)
  },
})

export const googleRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/google',
  resource: 'auth',
  summary: 'Sign in with a Google ID token (creates or links the account)',
  description:
    'Verifies the credential of Google Identity Services (signature against Google’s keys, issuer, ' +
    'audience = the configured client id, expiry). A new email gets an account that still needs ' +
    'onboarding; an existing one is linked. 404 when Google sign-in is not configured.',
  body: googleSignInRequest,
  response: sessionUser,
  errors: [401, 403, 404, 429],
  handler: async ({ body, deps, ctx }) => {
    const accounts = accountsOf(deps)
    const attempt = await limitAttempt(ctx, accounts, 'login', accounts.limits.login)
    try {
      const signedIn = await accounts.auth.signInWithGoogle(body.credential, clientIp(ctx))
      await attempt.succeeded()
      return await beginSession(ctx, accounts, signedIn)
    } catch (err) {
      if (!(err instanceof GoogleSignInError)) throw err
      if (err.reason === 'disabled') throw new ApiError(404, 'not_found', 'Google sign-in is not enabled')
      throw new ApiError(401, err.reason, err.message, undefined, { cause: err })
    }
  },
})

export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/logout',
  resource: 'auth',
  summary: 'Sign out: revokes the session and clears its cookie',
  description: 'Answers ok with or without a session.',
  response: okResponse,
  errors: [403],
  handler: async ({ deps, ctx }) => {
    const accounts = accountsOf(deps)
    const sessionId = readSessionCookie(ctx, accounts.cookie)
    if (sessionId) await accounts.auth.logout(sessionId)
    clearSessionCookie(ctx, accounts.cookie)
    return { ok: true as const }
  },
})

export const sessionRoute = defineRoute({
  method: 'GET',
  path: '/api/auth/session',
  resource: 'auth',
  summary: 'The signed-in user (role, permissions, onboarding state, interests, user type), or none',
  description:
    'The web app restores the session with it at start-up, on every page. `user` is null for a visitor: ' +
    'no cookie, or one naming no valid session (unknown, expired or revoked). A 200 either way: being ' +
    'a visitor is not an error. Never cached.',
  response: sessionState,
  handler: async ({ viewer }) => {
    // The stale cookie is left alone: clearing it could race a sign-in in another tab.
    if (viewer.kind !== 'user' || !viewer.account) return { user: null }
    const { user, session } = viewer.account
    return { user: toSessionUser(user, session) }
  },
})

export const simulateRoleRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/simulate-role',
  resource: 'auth',
  summary: 'Admins: simulate the next role (admin → editor → viewer → admin) in this session',
  description:
    'The simulated role’s permissions apply to every call of the session until it cycles back to ' +
    'admin or the session ends. Each change is written to the audit log. 403 for non-admins.',
  response: sessionUser,
  requires: 'user',
  errors: [403],
  handler: async ({ viewer, deps, ctx }) => {
    const accounts = accountsOf(deps)
    const account = accountOf(viewer)
    const next = await accounts.auth.simulateNextRole(account, clientIp(ctx))
    if (next === null) throw new ApiError(403, 'forbidden', 'Only admins can simulate roles')
    return toSessionUser(account.user, { simulatedRole: next === 'admin' ? null : next })
  },
})
