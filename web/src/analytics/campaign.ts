import { type CampaignParameters, campaignFromSearch } from '@ludex/schemas'

/**
 * The campaign a visitor first landed with (part 2 §2.1: `/` and any unknown path "store the campaign
 * tracking parameters"), kept in this browser until the sign-up sends it as `initial_*` (part 2 §3).
 * Only the first campaign is kept ("initial"), and only with analytics consent (cookie preferences).
 */
export const INITIAL_CAMPAIGN_KEY = 'ludex_initial_campaign'

/** Keeps the address's campaign parameters unless a campaign is stored already; true when it stored one. */
export function rememberCampaign(search: string, storage: Storage): boolean {
  const campaign = campaignFromSearch(search)
  if (Object.keys(campaign).length === 0) return false
  try {
    if (storage.getItem(INITIAL_CAMPAIGN_KEY) !== null) return false
    storage.setItem(INITIAL_CAMPAIGN_KEY, JSON.stringify(campaign))
    return true
  } catch {
    // Storage refused (private mode, quota): no campaign, nothing else lost.
    return false
  }
}

/** The stored campaign, or none; anything unreadable is read as none. */
export function storedCampaign(storage: Storage): CampaignParameters {
  try {
    const text = storage.getItem(INITIAL_CAMPAIGN_KEY)
    if (!text) return {}
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return {}
    // Re-read through the same rule as an address, so only known parameters come back.
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') params.set(k, v)
    return campaignFromSearch(params.toString())
  } catch {
    return {}
  }
}
