import { appDatabaseIdParam, type ListedUser, listedUser, userList, userRoleUpdate } from '@ludex/schemas'
import { z } from 'zod'
import { accountOf, accountsOf, clientIp } from '../../accounts/route-support.ts'
import type { UserRecord } from '../../accounts/users.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'

function listed(user: UserRecord): ListedUser {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    last_active: user.lastActiveAt?.toISOString() ?? null,
    created: user.createdAt.toISOString(),
  }
}

export const userListRoute = defineRoute({
  method: 'GET',
  path: '/api/users',
  resource: 'users',
  summary: 'Every user, with the counts of users active in the last 24 hours and the last 30 days',
  response: userList,
  requires: 'LIST_USERS',
  handler: async ({ deps }) => {
    const accounts = accountsOf(deps)
    const [users, active] = await Promise.all([
      accounts.store.users.list(),
      accounts.store.users.activeCounts(new Date(accounts.now())),
    ])
    return {
      active: { last_24_hours: active.last24Hours, last_30_days: active.last30Days },
      users: users.map(listed),
    }
  },
})

export const userRoleRoute = defineRoute({
  method: 'PUT',
  path: '/api/users/{id}',
  resource: 'users',
  summary: 'Change a user’s role (admin, editor or viewer)',
  description:
    'The body may be the whole user; only `role` is read. Written to the audit log. 404 for an unknown ' +
    'user; 409 when it would leave no admin.',
  params: z.object({ id: appDatabaseIdParam }),
  body: userRoleUpdate,
  response: listedUser,
  requires: 'LIST_USERS',
  errors: [404, 409],
  handler: async ({ params, body, viewer, deps, ctx }) => {
    const accounts = accountsOf(deps)
    const actor = accountOf(viewer).user
    const target = await accounts.store.users.findById(params.id)
    if (!target) throw ApiError.notFound(`User ${params.id} does not exist`)
    if (target.role === body.role) return listed(target)
    const updated = await accounts.store.users.setRoleKeepingAnAdmin(target.id, body.role)
    if (updated === 'last_admin')
      throw new ApiError(409, 'last_admin', 'The last admin cannot lose the admin role')
    if (!updated) throw ApiError.notFound(`User ${params.id} does not exist`)
    await accounts.store.audit.record({
      at: new Date(accounts.now()),
      actorId: actor.id,
      action: 'user.role_change',
      target: `user:${target.id}`,
      details: { from: target.role, to: body.role },
      ip: clientIp(ctx),
    })
    return listed(updated)
  },
})
