import { z } from 'zod'
import type { Config } from '../config/config.ts'

/**
 * What the site's chrome shows that the operator configures (GET /api/site): the footer's links to the
 * project's social pages (SOCIAL_LINKS) and its feedback mail link (FEEDBACK_EMAIL). Empty and null
 * when unset: the footer then shows neither.
 */
export const siteInfo = z.object({
  social_links: z.array(z.object({ label: z.string().min(1), url: z.url() })),
  feedback_email: z.string().nullable(),
  /** The session cookie's name (SESSION_COOKIE_NAME), as the cookie policy lists it. */
  session_cookie: z.string().min(1),
})
export type SiteInfo = z.infer<typeof siteInfo>

/** The site information of a configuration. */
export function siteInfoOf(
  config: Pick<Config, 'SOCIAL_LINKS' | 'FEEDBACK_EMAIL' | 'SESSION_COOKIE_NAME'>,
): SiteInfo {
  return {
    social_links: config.SOCIAL_LINKS.map((l) => ({ label: l.label, url: l.url })),
    feedback_email: config.FEEDBACK_EMAIL ?? null,
    session_cookie: config.SESSION_COOKIE_NAME,
  }
}
