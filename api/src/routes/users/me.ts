import { onboardingRequest, sessionUser, userPreferences } from '@ludex/schemas'
import { accountOf, accountsOf } from '../../accounts/route-support.ts'
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
