import { type Permission, ROLE_PERMISSIONS, type Role } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import type { Viewer } from '../viewer/viewer.ts'
import { addRefusal, canSeeTag, editRefusal, seesOwnerEmails, tagReaderOf } from './tag-access.ts'
import type { TagRecord } from './tag-repository.ts'

const visitor: Viewer = { kind: 'visitor' }
const user = (
  userId: number,
  role: Role,
  permissions: readonly Permission[] = ROLE_PERMISSIONS[role],
): Viewer => ({
  kind: 'user',
  userId,
  role,
  permissions,
})
const tag = (global: boolean, ownerId = 1): TagRecord => ({
  id: 9,
  name: 'T',
  global,
  ownerId,
  ownerEmail: 'owner@example.com',
  createdAt: new Date(0),
  updatedAt: new Date(0),
  placeIds: [],
})

describe('tag access (part 2 §6)', () => {
  const owner = user(1, 'viewer')
  const other = user(2, 'viewer')
  const editor = user(3, 'editor')
  const admin = user(4, 'admin')

  it('shows curated tags to everyone, personal ones to their owner and editors', () => {
    for (const who of [visitor, owner, other, editor, admin]) expect(canSeeTag(who, tag(true))).toBe(true)
    expect([visitor, owner, other, editor, admin].map((who) => canSeeTag(who, tag(false)))).toEqual([
      false,
      true,
      false,
      true,
      true,
    ])
  })

  it('lists every user’s tags to editors, and owner emails to admins only', () => {
    expect(tagReaderOf(visitor)).toEqual({ userId: null, seesEveryUsersTags: false })
    expect(tagReaderOf(owner)).toEqual({ userId: 1, seesEveryUsersTags: false })
    expect(tagReaderOf(editor)).toEqual({ userId: 3, seesEveryUsersTags: true })
    expect([visitor, owner, editor, admin].map(seesOwnerEmails)).toEqual([false, false, false, true])
  })

  it('lets owners change personal tags and EDIT_TAG curated ones; nobody else', () => {
    expect(editRefusal(owner, tag(false))).toBeNull()
    for (const who of [visitor, other, editor, admin]) {
      expect(editRefusal(who, tag(false))).toBe('Only its owner may change a personal tag')
    }
    expect(editRefusal(editor, tag(true))).toBeNull()
    expect(editRefusal(admin, tag(true))).toBeNull()
    // Even the curated tag's creator needs EDIT_TAG, once their role lost it.
    expect(editRefusal(user(1, 'viewer'), tag(true, 1))).toContain('EDIT_TAG')
  })

  it('lets EDIT_PLACE add experiences to curated tags (an experience’s curated tags)', () => {
    const placeEditor = user(5, 'viewer', ['EDIT_PLACE'])
    expect(addRefusal(placeEditor, tag(true))).toBeNull()
    expect(editRefusal(placeEditor, tag(true))).not.toBeNull()
    expect(addRefusal(owner, tag(true))).toBe(
      'Adding to a curated tag needs the EDIT_TAG or EDIT_PLACE permission',
    )
    expect(addRefusal(placeEditor, tag(false, 9))).toBe('Only its owner may change a personal tag')
    expect(addRefusal(owner, tag(false))).toBeNull()
  })
})
