import { describe, expect, it } from 'vitest'
import {
  isStaffRole,
  nextSimulatedRole,
  PERMISSIONS,
  permission,
  ROLES,
  roleHasPermission,
  USER_TYPE_DISPLAY_NAMES,
  USER_TYPES,
  userType,
} from './index.ts'

describe('user types', () => {
  it('are the eight of the spec with display names', () => {
    expect(USER_TYPES).toHaveLength(8)
    for (const t of USER_TYPES) expect(USER_TYPE_DISPLAY_NAMES[t]).toMatch(/^[A-Z]/)
    expect(userType.safeParse('data_analyst').success).toBe(true)
    expect(userType.safeParse('admin').success).toBe(false)
  })
})

describe('roles and permissions', () => {
  it('cycle simulation admin → editor → viewer → admin', () => {
    expect(nextSimulatedRole('admin')).toBe('editor')
    expect(nextSimulatedRole('editor')).toBe('viewer')
    expect(nextSimulatedRole('viewer')).toBe('admin')
  })

  it('give admins every permission, editors all but LIST_USERS, viewers none', () => {
    for (const p of PERMISSIONS) {
      expect(roleHasPermission('admin', p)).toBe(true)
      expect(roleHasPermission('viewer', p)).toBe(false)
      expect(roleHasPermission('editor', p)).toBe(p !== 'LIST_USERS')
    }
    expect(permission.safeParse('EDIT_TAG').success).toBe(true)
    expect(permission.safeParse('edit_tag').success).toBe(false)
  })

  it('count editors and admins as staff', () => {
    expect(ROLES.filter(isStaffRole)).toEqual(['admin', 'editor'])
  })
})
