import type { Role, SessionUser } from '@ludex/schemas'
import { ROLE_PERMISSIONS } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { showsDashboards } from '../experience/DashboardsPanel.tsx'
import { visibleGroups } from './Sidebar.tsx'
import { canUseTools, VISITOR, viewerOf } from './viewer.ts'

function userWith(role: Role): SessionUser {
  return {
    id: 7,
    email: 'staff@example.com',
    email_verified: true,
    first_name: 'Sam',
    last_name: 'Staff',
    role,
    actual_role: 'admin',
    simulating: role !== 'admin',
    can_simulate: true,
    permissions: [...ROLE_PERMISSIONS[role]],
    needs_onboarding: false,
    interests: ['obby'],
    user_type: 'developer',
    analytics_id: 'a',
    created: '2025-01-01T00:00:00.000Z',
    last_active: null,
  }
}

const tools = (role: Role | null) =>
  visibleGroups(role ? viewerOf(userWith(role)) : VISITOR)
    .find((g) => g.id === 'tools')
    ?.items.map((i) => i.label) ?? null

describe('what each viewer sees', () => {
  it('shows the Tools group to editors and admins only', () => {
    expect(tools(null)).toBeNull()
    expect(tools('viewer')).toBeNull()
    expect(canUseTools(viewerOf(userWith('editor')))).toBe(true)
    expect(tools('editor')).toEqual([
      'Robux Converter',
      'Roblox-style Deep Link',
      'Event Credentials',
      'Code Library',
    ])
    // User Management needs LIST_USERS, which only admins hold.
    expect(tools('admin')).toContain('User Management')
  })

  it('keeps the Compare group for everyone', () => {
    expect(visibleGroups(VISITOR).map((g) => g.id)).toEqual(['compare'])
    expect(visibleGroups(viewerOf(userWith('viewer'))).map((g) => g.id)).toEqual(['compare'])
  })

  it('hides the dashboards panel from the role viewer only', () => {
    expect(showsDashboards(VISITOR)).toBe(true)
    expect(showsDashboards(viewerOf(userWith('editor')))).toBe(true)
    expect(showsDashboards(viewerOf(userWith('viewer')))).toBe(false)
  })
})
