import { z } from 'zod'
import { epochMs, messageId, SCHEMA_VERSION } from './common.ts'

/** What the site reports of its visitors (part 1 §2, part 2 §3): a page view, or a sign-up. */
export const siteEventName = z.enum(['page_view', 'registered'])
export type SiteEventName = z.infer<typeof siteEventName>

/**
 * A first-party analytics event, as POST /api/analytics/events accepted it (only with the visitor's
 * consent). id = 128 random bits from the API, so a redelivery lands on the same row. `client_ip` is
 * kept at most 30 days in the store (a column TTL); '' when unknown.
 */
export const siteEventV1 = z.object({
  schema_version: z.literal(SCHEMA_VERSION),
  id: messageId,
  event: siteEventName,
  /** When the API accepted it (the browser's clock is not trusted). */
  at: epochMs,
  /** Path and query of the page ('' for a sign-up, which is not a page). */
  path: z.string().max(2048),
  title: z.string().max(300),
  referrer: z.string().max(2048),
  /** The analytics id a sign-up identified itself with; '' for page views. */
  user_id: z.string().max(64),
  /** A sign-up's initial_* campaign parameters. */
  properties: z.record(z.string().max(64), z.string().max(200)),
  client_ip: z.string().max(64),
})
export type SiteEventV1 = z.infer<typeof siteEventV1>

/**
 * An uncaught browser error or unhandled rejection, as POST /api/errors accepted it. No address and no
 * user: what went wrong and in which release, not who it happened to.
 */
export const errorReportV1 = z.object({
  schema_version: z.literal(SCHEMA_VERSION),
  id: messageId,
  at: epochMs,
  kind: z.enum(['error', 'unhandledrejection']),
  name: z.string().max(100),
  message: z.string().max(1000),
  stack: z.string().max(8000),
  path: z.string().max(2048),
  release: z.string().max(64),
  user_agent: z.string().max(256),
})
export type ErrorReportV1 = z.infer<typeof errorReportV1>
