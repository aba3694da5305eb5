import { describe, expect, it } from 'vitest'
import { IGNORED_ERROR_MESSAGES } from '../constants/limits.ts'
import { CAMPAIGN_VALUE_MAX, campaignFromSearch, initialCampaignProperties } from './campaign.ts'
import { COOKIE_PREFERENCES_NAME, parseCookiePreferences } from './consent.ts'
import { isIgnoredError } from './error-filter.ts'

describe('campaign parameters (part 2 §2.1, §3)', () => {
  it('keeps the known parameters of a landing address and nothing else', () => {
    expect(
      campaignFromSearch(
        '?utm_source=newsletter&utm_medium=email&utm_campaign=launch&page=2&token=x&gclid=abc',
      ),
    ).toEqual({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'launch', gclid: 'abc' })
    expect(campaignFromSearch('')).toEqual({})
    expect(campaignFromSearch('?utm_source=&utm_term=%20%20')).toEqual({})
  })

  it('cuts an overlong value instead of refusing the visit', () => {
    const long = 'x'.repeat(CAMPAIGN_VALUE_MAX + 50)
    expect(campaignFromSearch(`?utm_content=${long}`).utm_content).toHaveLength(CAMPAIGN_VALUE_MAX)
  })

  it('sends each one prefixed initial_', () => {
    expect(initialCampaignProperties({ utm_source: 'newsletter', ref: 'friend' })).toEqual({
      initial_utm_source: 'newsletter',
      initial_ref: 'friend',
    })
  })
})

describe('cookie preferences as the server reads them from a Cookie header', () => {
  it('finds the preferences among other cookies; absent or unreadable allows tracking', () => {
    const refused = `${COOKIE_PREFERENCES_NAME}=${encodeURIComponent('{"st":false}')}`
    expect(parseCookiePreferences(`ludex_session=abc; ${refused}; theme=dark`)).toEqual({ st: false })
    expect(parseCookiePreferences('ludex_session=abc')).toEqual({ st: true })
    expect(parseCookiePreferences(`${COOKIE_PREFERENCES_NAME}=%7Bbroken`)).toEqual({ st: true })
  })
})

describe('ignored error reports (part 2 §8)', () => {
  it('drops TypeErrors whose message contains one of the listed texts, anywhere in it', () => {
    expect(IGNORED_ERROR_MESSAGES).toEqual(['Load failed', 'Failed to fetch', 'The operation was aborted'])
    expect(isIgnoredError('TypeError', 'Failed to fetch')).toBe(true)
    expect(isIgnoredError('TypeError', 'Load failed')).toBe(true)
    expect(isIgnoredError('TypeError', 'Failed to fetch dynamically imported module: /assets/x.js')).toBe(
      true,
    )
    expect(isIgnoredError('TypeError', 'The operation was aborted. ')).toBe(true)
  })

  it('reports the same texts from other errors, and other TypeErrors', () => {
    expect(isIgnoredError('Error', 'Failed to fetch')).toBe(false)
    expect(isIgnoredError('AbortError', 'The operation was aborted')).toBe(false)
    expect(isIgnoredError('TypeError', "Cannot read properties of undefined (reading 'x')")).toBe(false)
    expect(isIgnoredError('TypeError', 'failed to fetch')).toBe(false)
  })
})
