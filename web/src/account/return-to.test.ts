import { describe, expect, it } from 'vitest'
import { DEFAULT_RETURN_TO, returnState, returnTarget } from './return-to.ts'

describe('the page sign-in returns to', () => {
  it('is the page the link was followed from', () => {
    const state = returnState({ pathname: '/experiences/42', search: '?a=1', hash: '#tab=visits' })
    expect(returnTarget(state)).toBe('/experiences/42?a=1#tab=visits')
  })

  it('is /overview without a usable origin page', () => {
    for (const state of [
      undefined,
      null,
      'text',
      { from: 3 },
      { from: 'https://evil.example/' },
      { from: '//evil.example/x' },
      { from: '/\\evil.example' },
      { from: '/sign-up' },
      { from: '/sign-in?x=1' },
      { from: '/verify-email#token=abc' },
    ]) {
      expect(returnTarget(state), JSON.stringify(state)).toBe(DEFAULT_RETURN_TO)
    }
    expect(DEFAULT_RETURN_TO).toBe('/overview')
  })
})
