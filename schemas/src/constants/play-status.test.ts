import { describe, expect, it } from 'vitest'
import { playStatusCode } from './place-schema.ts'
import { PLAY_STATUSES, playStatusFromReasonProhibited, playStatusName } from './play-status.ts'

describe('play statuses', () => {
  it('are the codes the bus accepts', () => {
    for (const s of PLAY_STATUSES) expect(playStatusCode.parse(s)).toBe(s)
    expect(playStatusCode.safeParse(4).success).toBe(false)
  })

  it.each([
    [0, 'Unknown'],
    [1, 'Playable'],
    [2, 'Private'],
    [3, 'Unapproved'],
    [5, 'Private'],
    [9, 'Under Review'],
    [4, 'Unknown'],
    [null, 'Unknown'],
  ])('%j is shown as %j', (code, name) => {
    expect(playStatusName(code)).toBe(name)
  })

  it.each([
    ['None', 1],
    ['GuestProhibited', 2],
    ['Unapproved', 3],
    ['Private', 5],
    ['PlaceHasNoPublishedVersion', 5],
    ['UnderReview', 9],
    ['AccountRestricted', 0],
    ['none', 0],
    [undefined, 0],
  ])('reasonProhibited %j → %d', (reason, code) => {
    expect(playStatusFromReasonProhibited(reason)).toBe(code)
  })
})
