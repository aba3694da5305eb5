import { API_KEY_HEADER, API_KEY_PREFIX, API_KEY_SCHEME, UNSIGNED_HISTORY_DAYS } from '@ludex/schemas'
import type { RateRule } from '../security/rate-limiter.ts'
import { RATE_LIMIT_HEADERS } from './api-rate-limit.ts'

/** What /api/docs publishes about the public API's budgets (the running server's own values). */
export interface PublishedLimits {
  readonly anonymous: RateRule
  readonly keyed: RateRule
  readonly keysPerUser: number
}

const perWindow = (rule: RateRule) => `${rule.limit} calls per ${Math.round(rule.windowMs / 1000)} seconds`

/**
 * The sections of the OpenAPI description (Markdown; Swagger UI renders it at the top of /api/docs):
 * keys, limits and their headers, the bulk dumps, and the terms of use of the data.
 */
export function publishedApiText(limits: PublishedLimits | undefined): string {
  const sections = [
    '## API keys',
    `Signed-in users create API keys on Settings (at most ${limits?.keysPerUser ?? 'a few'} at once; named, ` +
      'revocable, shown once, stored hashed). Send one as ' +
      `\`${API_KEY_HEADER}: ${API_KEY_SCHEME} ${API_KEY_PREFIX}…\`. A key acts as its owner with the owner’s ` +
      `role and never grants more than the owner’s session: with a key the ${UNSIGNED_HISTORY_DAYS}-day ` +
      'visitor window does not apply, and the account calls (/api/auth/*, /api/users/me/*) still need the ' +
      'session. An unknown or revoked key is refused with 401. Calls per key are counted per UTC day and ' +
      'shown to its owner on Settings.',
    '## Limits',
    limits
      ? `Without a key, every client address gets ${perWindow(limits.anonymous)}; with a key, each key gets ` +
        `${perWindow(limits.keyed)}, from any address.`
      : 'This server runs without accounts: its calls are not limited.',
    `Every /api answer carries the IETF draft’s \`${RATE_LIMIT_HEADERS.limit}\`, ` +
      `\`${RATE_LIMIT_HEADERS.remaining}\`, \`${RATE_LIMIT_HEADERS.reset}\` (seconds until the window ends) ` +
      `and \`${RATE_LIMIT_HEADERS.policy}\` (\`limit;w=seconds\`); beyond the budget the answer is 429 with ` +
      '`Retry-After`. Signed event batches (POST /api/events) have a budget per game key of their own.',
    'The badge and sparkline images under `/embed/` are outside these budgets: image proxies fetch them ' +
      'for every reader of a page from a handful of addresses, and each image is built once per ' +
      '10-minute slot and cached (`ETag`, `Cache-Control`), so a per-address limit would blank them for ' +
      'everyone behind one proxy and save nothing.',
    '## Bulk history',
    'Every day shortly after 00:00 UTC the previous day’s hourly rollups of every experience are written ' +
      'as one gzip CSV: listed at `GET /api/dumps`, downloaded from `GET /api/dumps/hourly/{date}.csv.gz`. ' +
      `Without a key or session, dumps of the last ${UNSIGNED_HISTORY_DAYS} days only.`,
    '## Terms of use of the data',
    'The statistics are free to use, copy and republish, commercially or not, provided Ludex is credited ' +
      'with a link to the site next to the data or chart (“Data: Ludex”). They are collected from public ' +
      'Roblox endpoints and come with no warranty. Do not work around the limits (several addresses or ' +
      'keys for one client): take the daily dumps instead of scraping.',
  ]
  return sections.join('\n\n')
}
