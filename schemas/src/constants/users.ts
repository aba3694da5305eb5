/** User types picked at onboarding (part 1 §3). */
export const USER_TYPES = [
  'student',
  'player',
  'developer',
  'producer',
  'data_analyst',
  'business_developer',
  'marketing_specialist',
  'journalist',
] as const
export type UserType = (typeof USER_TYPES)[number]

export const USER_TYPE_DISPLAY_NAMES: Readonly<Record<UserType, string>> = {
  student: 'Student',
  player: 'Player',
  developer: 'Developer',
  producer: 'Producer',
  data_analyst: 'Data Analyst',
  business_developer: 'Business Developer',
  marketing_specialist: 'Marketing Specialist',
  journalist: 'Journalist',
}

/** Role values, as the admin's role dropdown lists them (part 2 §6). */
export const ROLES = ['admin', 'editor', 'viewer'] as const
export type Role = (typeof ROLES)[number]

export const PERMISSIONS = [
  'EDIT_PLACE',
  'EDIT_GAME_CREDENTIALS',
  'VIEW_CODE_LIBRARY',
  'LIST_USERS',
  'EDIT_TAG',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/**
 * Permissions each role holds. The spec ties EDIT_TAG and EDIT_PLACE to editors, LIST_USERS to admins
 * and calls the credential and code-library tools internal staff tools without naming a role; Ludex
 * gives those to editors too, since editors are the staff who see the Tools group.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  viewer: [],
  editor: ['EDIT_PLACE', 'EDIT_TAG', 'EDIT_GAME_CREDENTIALS', 'VIEW_CODE_LIBRARY'],
  admin: ['EDIT_PLACE', 'EDIT_TAG', 'EDIT_GAME_CREDENTIALS', 'VIEW_CODE_LIBRARY', 'LIST_USERS'],
}

export function roleHasPermission(r: Role, p: Permission): boolean {
  return ROLE_PERMISSIONS[r].includes(p)
}

/** Editors and admins see the Tools group and may set release dates (part 1 §6). */
export function isStaffRole(r: Role): boolean {
  return r === 'editor' || r === 'admin'
}

/** Role simulation cycles admin → editor → viewer → admin (part 1 §4). */
export function nextSimulatedRole(r: Role): Role {
  const order: readonly Role[] = ['admin', 'editor', 'viewer']
  return order[(order.indexOf(r) + 1) % order.length]!
}
