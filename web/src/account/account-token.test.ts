import { afterEach, describe, expect, it } from 'vitest'
import { forgetAccountToken, forgetAccountTokens, takeAccountToken } from './account-token.ts'

const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eF9fLS1hYmNkZWZnaGlqa2xt'

describe('tokens of emailed links', () => {
  afterEach(() => sessionStorage.clear())

  it('are read from #token= and kept for the session', () => {
    expect(takeAccountToken('verify-email', `#token=${TOKEN}`)).toBe(TOKEN)
    // The address no longer carries it (tidied, or reloaded without it): the session still has it.
    expect(takeAccountToken('verify-email', '')).toBe(TOKEN)
    // Kept per page.
    expect(takeAccountToken('change-password', '')).toBeNull()
  })

  it('are gone once forgotten', () => {
    takeAccountToken('change-password', `#token=${TOKEN}`)
    takeAccountToken('verify-email', `#token=${TOKEN}`)
    forgetAccountToken('change-password')
    expect(takeAccountToken('change-password', '')).toBeNull()
    expect(takeAccountToken('verify-email', '')).toBe(TOKEN)
    forgetAccountTokens()
    expect(takeAccountToken('verify-email', '')).toBeNull()
  })

  it('are absent for an empty, foreign or unknown-key hash', () => {
    expect(takeAccountToken('verify-email', '#token=')).toBeNull()
    expect(takeAccountToken('verify-email', '#tab=ccu')).toBeNull()
    expect(takeAccountToken('verify-email', '#nonsense=1')).toBeNull()
  })
})
