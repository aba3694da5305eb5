import {
  acceptedAnswer,
  ERROR_GROUPS_DAYS,
  ERROR_GROUPS_MAX,
  ERROR_REPORT_MAX_BODY_BYTES,
  errorGroups,
  errorReportRequest,
  isIgnoredError,
  SCHEMA_VERSION,
  topics,
} from '@ludex/schemas'
import type { Logger } from 'pino'
import { accountsOf, limitAttempt } from '../../accounts/route-support.ts'
import { defineRoute } from '../../http/route.ts'
import { newSiteMessageId, publishSiteData } from '../../site-data/site-data.ts'
import { errorGroups as readErrorGroups } from '../../store/site-data.ts'

const DAY_MS = 86_400_000
const USER_AGENT_MAX = 256

export const errorReportRoute = defineRoute({
  method: 'POST',
  path: '/api/errors',
  resource: 'errors',
  summary: 'Report an uncaught browser error or unhandled rejection',
  description:
    'Kept with the release it came from, its page and the browser (User-Agent), never with the ' +
    'client’s address or user, so it is not session tracking and is taken whatever the cookie ' +
    "preferences say. TypeErrors whose message contains 'Load failed', 'Failed to fetch' or 'The " +
    "operation was aborted' are ignored (`accepted: 0`), as the web app does not send them. Goes through " +
    'the bus (topic error-reports.v1) into the store, kept 3 months. Rate-limited per client address ' +
    '(RATE_LIMIT_ERROR_REPORTS a minute).',
  body: errorReportRequest,
  maxBodyBytes: ERROR_REPORT_MAX_BODY_BYTES,
  response: acceptedAnswer,
  errors: [403, 429, 503],
  handler: async ({ body, deps, ctx }) => {
    if (isIgnoredError(body.name, body.message)) return { accepted: 0 }
    const accounts = accountsOf(deps)
    await limitAttempt(ctx, accounts, 'error-reports', accounts.limits.errorReports)
    const message = {
      schema_version: SCHEMA_VERSION,
      id: newSiteMessageId(),
      at: deps.now(),
      ...body,
      user_agent: ctx.get('user-agent').slice(0, USER_AGENT_MAX),
    }
    await publishSiteData(deps, topics.errorReports, [message], ctx.state.log as Logger | undefined)
    return { accepted: 1 }
  },
})

export const errorGroupsRoute = defineRoute({
  method: 'GET',
  path: '/api/errors',
  resource: 'errors',
  summary: 'The latest browser error reports, grouped by error and message',
  description:
    `Reports of the last ${ERROR_GROUPS_DAYS} days, one group per error name and message, most ` +
    `recently seen first, at most ${ERROR_GROUPS_MAX}: how many, first and last seen, the releases ` +
    'they came from (newest first), and the newest report’s stack and page.',
  response: errorGroups,
  requires: 'LIST_USERS',
  handler: async ({ deps }) =>
    readErrorGroups(deps, deps.now() - ERROR_GROUPS_DAYS * DAY_MS, ERROR_GROUPS_MAX),
})
