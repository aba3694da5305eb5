/**
 * Campaign tracking parameters (part 2 §2.1, §3): read from the address a visitor first lands on (`/`
 * or an unknown path), kept in the browser, and sent with the sign-up's Registered event, each name
 * prefixed `initial_`. The utm_* set and the ad networks' click ids; anything else in the address is
 * not a campaign parameter and is never kept.
 */
export const CAMPAIGN_PARAMETERS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'fbclid',
  'msclkid',
  'ref',
] as const
export type CampaignParameter = (typeof CAMPAIGN_PARAMETERS)[number]

export const INITIAL_CAMPAIGN_PREFIX = 'initial_'
export type InitialCampaignKey = `${typeof INITIAL_CAMPAIGN_PREFIX}${CampaignParameter}`

/** Longest value kept per parameter (longer ones are cut, never refused: the link is not the visitor's fault). */
export const CAMPAIGN_VALUE_MAX = 200

export type CampaignParameters = Partial<Record<CampaignParameter, string>>

/** The campaign parameters of a query string (`?utm_source=x&…`); empty values are left out. */
export function campaignFromSearch(search: string): CampaignParameters {
  const params = new URLSearchParams(search)
  const out: CampaignParameters = {}
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = params.get(name)?.trim()
    if (value) out[name] = value.slice(0, CAMPAIGN_VALUE_MAX)
  }
  return out
}

/** The stored parameters as the Registered event carries them: `initial_utm_source`, … */
export function initialCampaignProperties(
  campaign: CampaignParameters,
): Partial<Record<InitialCampaignKey, string>> {
  const out: Partial<Record<InitialCampaignKey, string>> = {}
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = campaign[name]
    if (value) out[`${INITIAL_CAMPAIGN_PREFIX}${name}`] = value
  }
  return out
}
