import {
  okResponse,
  passwordChangeRequest,
  passwordResetRequest,
  sessionUser,
  tokenRequest,
} from '@ludex/schemas'
import { accountsOf, clientIp, forgiveAccount, limitAttempt } from '../../accounts/route-support.ts'
import { clearSessionCookie } from '../../accounts/session-cookie.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { beginSession } from './sign-in.ts'

const invalidToken = () =>
  new ApiError(400, 'invalid_token', 'This link is invalid, used or expired', [
    { field: 'body.token', message: 'is invalid, used or expired' },
  ])

export const verifyEmailRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/verify-email',
  resource: 'auth',
  summary: 'Verify the email with the emailed token; signs in',
  description: 'Tokens are single-use and expire. 400 for an unknown, used or expired token.',
  body: tokenRequest,
  response: sessionUser,
  errors: [403],
  handler: async ({ body, deps, ctx }) => {
    const accounts = accountsOf(deps)
    const signedIn = await accounts.auth.verifyEmail(body.token)
    if (!signedIn) throw invalidToken()
    return beginSession(ctx, accounts, signedIn)
  },
})

export const resendVerificationRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/resend-verification',
  resource: 'auth',
  summary: 'Send a new verification email, with the token of a 428 sign-in answer',
  description: 'The token is single-use. 400 for an unknown, used or expired token. Rate-limited.',
  body: tokenRequest,
  response: okResponse,
  errors: [403, 429],
  handler: async ({ body, deps, ctx }) => {
    const accounts = accountsOf(deps)
    await limitAttempt(ctx, accounts, 'resend', accounts.limits.resend)
    if (!(await accounts.auth.resendVerification(body.token))) throw invalidToken()
    return { ok: true as const }
  },
})

export const passwordRequestRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/password/request',
  resource: 'auth',
  summary: 'Email a password reset link',
  description:
    'Answers ok whether or not the email has an account (the web app then shows: If there’s an account ' +
    'connected to this email, we’ll send you instructions to set a new password.), and as fast: the ' +
    'answer does not wait for the lookup. Rate-limited per client address and per email; an email at ' +
    'its limit still accepts a request from an address that has not asked lately, and a changed ' +
    'password resets its count.',
  body: passwordResetRequest,
  response: okResponse,
  errors: [403, 429],
  handler: async ({ body, deps, ctx }) => {
    const accounts = accountsOf(deps)
    await limitAttempt(ctx, accounts, 'password-reset', accounts.limits.passwordReset, body.email)
    await accounts.auth.requestPasswordReset(body.email)
    return { ok: true as const }
  },
})

export const passwordChangeRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/password/change',
  resource: 'auth',
  summary: 'Set a new password with the emailed reset token',
  description:
    'Revokes every session of the account (sign in again afterwards). The token is single-use. 400 for ' +
    'an unknown, used or expired token or a password under 8 characters.',
  body: passwordChangeRequest,
  response: okResponse,
  errors: [403, 429],
  handler: async ({ body, deps, ctx }) => {
    const accounts = accountsOf(deps)
    await limitAttempt(ctx, accounts, 'password-reset', accounts.limits.passwordReset)
    const user = await accounts.auth.changePassword(body.token, body.password, clientIp(ctx))
    if (!user) throw invalidToken()
    // The owner proved the mailbox: what was counted against the email (failed sign-ins included) goes.
    await forgiveAccount(accounts, user.email)
    // This browser's session (if it had one) was revoked with the others.
    clearSessionCookie(ctx, accounts.cookie)
    return { ok: true as const }
  },
})
