/**
 * The facts the legal pages state and the code keeps (part 2 §2.16, §9): dates, retention periods, the
 * liability cap, ages, the governing law and the cookies the site sets. The pages' wording is the web
 * app's (web/src/legal/); the numbers are here, so the retention job and the cookie code promise the
 * same as the text.
 */
import {
  ANALYTICS_COOKIE_DAYS,
  IP_ADDRESS_RETENTION_DAYS,
  MIN_AGE,
  MIN_AGE_WITHOUT_CONSENT,
  SESSION_COOKIE_DAYS,
  SSO_STATE_COOKIE_DAYS,
  TERMS_LIABILITY_CAP_EUR,
  TERMS_LIABILITY_LOOKBACK_MONTHS,
  VISIT_STATS_RETENTION_MONTHS,
} from './limits.ts'

/** The terms of use take effect on this date (ISO, UTC). */
export const TERMS_EFFECTIVE_DATE = '2025-03-12'
/** The privacy policy was last updated on this date (ISO, UTC). */
export const PRIVACY_POLICY_UPDATED_DATE = '2025-02-28'

/** How long what is collected is kept (the privacy policy's promises, kept by the retention job). */
export const RETENTION = {
  /** IP addresses (in page views and error reports) are deleted after this many days. */
  ipAddressDays: IP_ADDRESS_RETENTION_DAYS,
  /** Visit statistics (page views) are kept this many months. */
  visitStatisticsMonths: VISIT_STATS_RETENTION_MONTHS,
  /** Account data is kept until its deletion is requested. */
  userData: 'until-deletion-requested',
} as const

/** The terms' cap on liability: the lower of this amount and what was paid in the lookback period. */
export const LIABILITY_CAP = {
  euros: TERMS_LIABILITY_CAP_EUR,
  lookbackMonths: TERMS_LIABILITY_LOOKBACK_MONTHS,
} as const

/** Below `noCollection` nothing is collected knowingly; below `parentalConsent` a parent must consent. */
export const AGE_LIMITS = { noCollection: MIN_AGE, parentalConsent: MIN_AGE_WITHOUT_CONSENT } as const

/** The law governing the terms, and the area personal data never leaves. */
export const GOVERNING_LAW = { country: 'Portugal', adjective: 'Portuguese' } as const
export const DATA_AREA = { short: 'EEA', long: 'European Economic Area' } as const

/**
 * Every cookie the site sets, by what it is for (part 2 §9: session 1 year, analytics 1 year, single
 * sign-on state 1 week). The session cookie's name is configurable (SESSION_COOKIE_NAME); this is its
 * default. The cookie policy's table lists these.
 */
export const COOKIES = {
  session: { name: 'ludex_session', days: SESSION_COOKIE_DAYS },
  /** The cookie prompt's answer: `{ st }`, whether analytics (session tracking) may run. */
  analytics: { name: 'ludex_cookie_preferences', days: ANALYTICS_COOKIE_DAYS },
  /** Written by Google's sign-in script (only where Google sign-in is offered); Ludex caps its life. */
  ssoState: { name: 'g_state', days: SSO_STATE_COOKIE_DAYS },
} as const
