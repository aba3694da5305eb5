import { z } from 'zod'
import { CAMPAIGN_PARAMETERS, INITIAL_CAMPAIGN_PREFIX } from '../site/campaign.ts'
import {
  ERROR_MESSAGE_MAX,
  ERROR_STACK_MAX,
  SITE_EVENTS_MAX,
  SITE_PATH_MAX,
  SITE_TITLE_MAX,
} from '../site/site-data-limits.ts'
import { count, isoTime } from './primitives.ts'
import { safeText } from './safe-text.ts'

/*
 * Ludex's own first-party site data (issue 18): page views and the sign-up's Registered event
 * (POST /api/analytics/events), browser error reports (POST /api/errors), and what an admin reads of
 * them. Every request string starts from safeText and has a maximum, so a body's size is bounded by
 * its schema as well as by the call's byte cap.
 */

/** A page of the site as the browser names it: path and query, never the hash (it can carry tokens). */
export const sitePath = safeText
  .min(1)
  .max(SITE_PATH_MAX)
  .regex(/^\/[^#\s]*$/, 'is a path (starting with /, no hash, no white space)')

/** What a page was reached from: another page's address, or '' (typed, bookmarked). */
const referrer = safeText.max(SITE_PATH_MAX)

export const pageViewEvent = z.object({
  type: z.literal('page_view'),
  path: sitePath,
  title: safeText.max(SITE_TITLE_MAX),
  referrer,
})
export type PageViewEvent = z.infer<typeof pageViewEvent>

/** The campaign parameters the visitor first landed with, `initial_`-prefixed (part 2 §3). */
export const initialCampaign = z.object(
  Object.fromEntries(
    CAMPAIGN_PARAMETERS.map((name) => [`${INITIAL_CAMPAIGN_PREFIX}${name}`, safeText.max(200).optional()]),
  ) as Record<
    `${typeof INITIAL_CAMPAIGN_PREFIX}${(typeof CAMPAIGN_PARAMETERS)[number]}`,
    z.ZodOptional<z.ZodString>
  >,
)

/** An analytics id (sign-up's identity id): opaque, never the database id. */
export const analyticsIdParam = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'is not an analytics id')

/** The sign-up's Registered event: who (the identity's analytics id) and the initial campaign. */
export const registeredEvent = z.object({
  type: z.literal('registered'),
  user_id: analyticsIdParam,
  properties: initialCampaign,
})
export type RegisteredEvent = z.infer<typeof registeredEvent>

export const siteEvent = z.discriminatedUnion('type', [pageViewEvent, registeredEvent])
export type SiteEvent = z.infer<typeof siteEvent>

export const siteEventsRequest = z.object({ events: z.array(siteEvent).min(1).max(SITE_EVENTS_MAX) })
export type SiteEventsRequest = z.infer<typeof siteEventsRequest>

/**
 * How many of a request's events or reports were kept: 0 when the cookie preferences refuse session
 * tracking, or for an error report the ignore list drops.
 */
export const acceptedAnswer = z.object({ accepted: count })
export type AcceptedAnswer = z.infer<typeof acceptedAnswer>

/** The release a web build was made from (its version and commit, e.g. `0.1.0+4897100`). */
export const releaseVersion = safeText
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._+-]+$/, 'is not a release version')

export const errorReportKind = z.enum(['error', 'unhandledrejection'])

/** An uncaught error or unhandled rejection in the browser. */
export const errorReportRequest = z.object({
  kind: errorReportKind,
  /** The error's name ('TypeError'); '' for a thrown value that is not an Error. */
  name: safeText.max(100),
  message: safeText.max(ERROR_MESSAGE_MAX),
  stack: safeText.max(ERROR_STACK_MAX),
  /** The page it happened on. */
  path: sitePath,
  release: releaseVersion,
})
export type ErrorReportRequest = z.infer<typeof errorReportRequest>

/** Days an admin may ask visitor statistics for (the 3 months they are kept hold at least 89). */
export const VISITOR_STATS_DAYS_MAX = 90
export const VISITOR_STATS_DAYS_DEFAULT = 30
export const TOP_PAGES_MAX = 10

/** GET /api/analytics/visitors: page views per day (01:00 UTC days) and the most viewed pages. */
export const visitorStats = z.object({
  /** Every day of the range, oldest first, with 0 for a day without views. */
  days: z.array(z.object({ date: isoTime, page_views: count })),
  /** Most viewed paths (query left out) over the same days, most first. */
  top_pages: z.array(z.object({ path: z.string(), page_views: count })),
  /** Registered events over the same days. */
  sign_ups: count,
})
export type VisitorStats = z.infer<typeof visitorStats>

export const ERROR_GROUPS_MAX = 50
export const ERROR_GROUPS_DAYS = 30

/** GET /api/errors: the latest browser error reports, one group per error name and message. */
export const errorGroups = z.array(
  z.object({
    name: z.string(),
    message: z.string(),
    count,
    first_seen: isoTime,
    last_seen: isoTime,
    /** The releases it was reported from, newest report's first. */
    releases: z.array(z.string()),
    /** The newest report's stack and page. */
    stack: z.string(),
    path: z.string(),
  }),
)
export type ErrorGroups = z.infer<typeof errorGroups>

/**
 * DELETE /api/users/me: the account's password, unless the session signed in moments ago (an
 * account without a password, Google sign-in only, signs in again to delete itself).
 */
export const deleteAccountRequest = z.object({ password: safeText.max(256).optional() })
