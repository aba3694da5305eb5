import { beforeEach, describe, expect, it } from 'vitest'
import { INITIAL_CAMPAIGN_KEY, rememberCampaign, storedCampaign } from './campaign.ts'

describe('the initial campaign (part 2 §2.1)', () => {
  beforeEach(() => localStorage.clear())

  it('keeps the first campaign a visitor lands with, and only its known parameters', () => {
    expect(rememberCampaign('?utm_source=newsletter&utm_medium=email&token=x', localStorage)).toBe(true)
    expect(rememberCampaign('?utm_source=ads', localStorage)).toBe(false)
    expect(storedCampaign(localStorage)).toEqual({ utm_source: 'newsletter', utm_medium: 'email' })
  })

  it('stores nothing for an address without campaign parameters', () => {
    expect(rememberCampaign('?page=2', localStorage)).toBe(false)
    expect(localStorage.getItem(INITIAL_CAMPAIGN_KEY)).toBeNull()
    expect(storedCampaign(localStorage)).toEqual({})
  })

  it('reads anything unreadable or unknown as no campaign', () => {
    localStorage.setItem(INITIAL_CAMPAIGN_KEY, '{broken')
    expect(storedCampaign(localStorage)).toEqual({})
    localStorage.setItem(INITIAL_CAMPAIGN_KEY, JSON.stringify({ utm_source: 5, evil: 'x', gclid: 'abc' }))
    expect(storedCampaign(localStorage)).toEqual({ gclid: 'abc' })
  })
})
