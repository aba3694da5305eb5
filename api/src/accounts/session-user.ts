import {
  type Permission,
  ROLE_PERMISSIONS,
  type Role,
  type SessionUser,
  userType as userTypeSchema,
} from '@ludex/schemas'
import type { SessionRecord } from './sessions.ts'
import type { UserRecord } from './users.ts'

/** The role in effect: a simulated one counts only while the stored role is admin. */
export function effectiveRole(user: UserRecord, session: Pick<SessionRecord, 'simulatedRole'> | null): Role {
  return user.role === 'admin' && session?.simulatedRole ? session.simulatedRole : user.role
}

export function permissionsOf(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]]
}

/** Onboarding is due until the user has picked interests and a user type (part 1 §2). */
export function needsOnboarding(user: UserRecord): boolean {
  return user.interests.length === 0 || !userTypeSchema.safeParse(user.userType).success
}

export function toSessionUser(
  user: UserRecord,
  session: Pick<SessionRecord, 'simulatedRole'> | null,
): SessionUser {
  const role = effectiveRole(user, session)
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    first_name: user.firstName,
    last_name: user.lastName,
    role,
    actual_role: user.role,
    simulating: role !== user.role,
    can_simulate: user.role === 'admin',
    permissions: permissionsOf(role),
    needs_onboarding: needsOnboarding(user),
    interests: [...user.interests],
    user_type: user.userType,
    analytics_id: user.analyticsId,
    created: user.createdAt.toISOString(),
    last_active: user.lastActiveAt?.toISOString() ?? null,
  }
}
