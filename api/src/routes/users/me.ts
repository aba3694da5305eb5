import {
  deleteAccountRequest,
  okResponse,
  onboardingRequest,
  sessionUser,
  userPreferences,
} from '@ludex/schemas'
import { FRESH_SESSION_MS } from '../../accounts/auth-service.ts'
import { accountOf, accountsOf, limitAttempt } from '../../accounts/route-support.ts'
import { clearSessionCookie } from '../../accounts/session-cookie.ts'
import { toSessionUser } from '../../accounts/session-user.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'

export const onboardingRoute = defineRoute({
  method: 'PUT',
  path: '/api/users/me/onboarding',
  resource: 'users',
  summary: 'Complete the registration: interests (genre keys, at least one) and user type',
  description: 'Answers the updated user; needs_onboarding is false from then on.',
  body: onboardingRequest,
  response: sessionUser,
  requires: 'user',
  errors: [403],
  handler: async ({ body, viewer, deps }) => {
    const accounts = accountsOf(deps)
    const { user, session } = accountOf(viewer)
    const updated = await accounts.auth.completeOnboarding(user.id, body.interests, body.user_type)
    if (!updated) throw new ApiError(401, 'unauthenticated', 'The account no longer exists')
    return toSessionUser(updated, session)
  },
})

export const preferencesGetRoute = defineRoute({
  method: 'GET',
  path: '/api/users/me/preferences',
  resource: 'users',
  summary: 'View state remembered for the signed-in user (page sizes, tabs, panels, sidebar groups)',
  response: userPreferences,
  requires: 'user',
  handler: async ({ viewer, deps }) => accountsOf(deps).store.preferences.get(accountOf(viewer).user.id),
})

export const preferencesPutRoute = defineRoute({
  method: 'PUT',
  path: '/api/users/me/preferences',
  resource: 'users',
  summary: 'Replace the remembered view state of the signed-in user',
  description: 'The whole document is replaced; omitted groups become empty. Answers what was stored.',
  body: userPreferences,
  response: userPreferences,
  requires: 'user',
  errors: [403],
  handler: async ({ body, viewer, deps }) => {
    const accounts = accountsOf(deps)
    const userId = accountOf(viewer).user.id
    await accounts.store.preferences.put(userId, body, new Date(accounts.now()))
    return accounts.store.preferences.get(userId)
  },
})

export const deleteAccountRoute = defineRoute({
  method: 'DELETE',
  path: '/api/users/me',
  resource: 'users',
  summary: 'Delete the signed-in user’s account and what is kept with it',
  description:
    'Confirmed with the account’s password (`password`), or without one within ' +
    `${FRESH_SESSION_MS / 60_000} minutes of signing in (an account that signs in with Google signs in ` +
    'again first); otherwise 403 (`wrong_password`, `confirmation_required`). Password attempts count ' +
    'against the sign-in limits. Removes the user, their sessions, emailed tokens, preferences and ' +
    'personal tags; the audit log keeps its entries without the user or any address. 409 ' +
    '(`last_admin`) for the last admin: make another user admin first. Answers ok and clears the ' +
    'session cookie.',
  body: deleteAccountRequest,
  response: okResponse,
  requires: 'user',
  errors: [403, 409, 429],
  handler: async ({ body, viewer, deps, ctx }) => {
    const accounts = accountsOf(deps)
    const resolved = accountOf(viewer)
    const attempt =
      body.password === undefined
        ? null
        : await limitAttempt(ctx, accounts, 'login', accounts.limits.login, resolved.user.email)
    const result = await accounts.auth.deleteAccount(resolved, body.password)
    switch (result) {
      case 'wrong_password':
        throw new ApiError(403, 'wrong_password', 'The password is not right')
      case 'confirmation_required':
        throw new ApiError(
          403,
          'confirmation_required',
          'Enter your password, or sign in again and delete the account within 10 minutes',
        )
      case 'last_admin':
        await attempt?.succeeded()
        throw new ApiError(
          409,
          'last_admin',
          'The last admin cannot delete their account: make another user admin first',
        )
      case 'not_found':
        throw new ApiError(401, 'unauthenticated', 'The account no longer exists')
      case 'deleted':
        await attempt?.succeeded()
        clearSessionCookie(ctx, accounts.cookie)
        return { ok: true as const }
    }
  },
})
