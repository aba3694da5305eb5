import {
  acceptedAnswer,
  SCHEMA_VERSION,
  SITE_EVENTS_MAX,
  SITE_EVENTS_MAX_BODY_BYTES,
  type SiteEvent,
  type SiteEventV1,
  siteEventsRequest,
  topics,
} from '@ludex/schemas'
import type { Logger } from 'pino'
import { accountsOf, limitAttempt } from '../../accounts/route-support.ts'
import { defineRoute } from '../../http/route.ts'
import { newSiteMessageId, publishSiteData, trackingAllowed } from '../../site-data/site-data.ts'

/** The message of one accepted event: the server's time and the client's address, never the hash. */
function toMessage(event: SiteEvent, at: number, clientIp: string): SiteEventV1 {
  const base = { schema_version: SCHEMA_VERSION, id: newSiteMessageId(), at, client_ip: clientIp }
  if (event.type === 'registered') {
    const properties: Record<string, string> = {}
    for (const [key, value] of Object.entries(event.properties)) if (value) properties[key] = value
    return {
      ...base,
      event: 'registered',
      path: '',
      title: '',
      referrer: '',
      user_id: event.user_id,
      properties,
    }
  }
  return {
    ...base,
    event: 'page_view',
    path: event.path,
    title: event.title,
    // A referrer is another page's address: its hash can carry tokens as ours can.
    referrer: event.referrer.split('#')[0] ?? '',
    user_id: '',
    properties: {},
  }
}

export const siteEventsRoute = defineRoute({
  method: 'POST',
  path: '/api/analytics/events',
  resource: 'analytics',
  summary: 'First-party analytics: page views and the sign-up’s Registered event',
  description:
    `Up to ${SITE_EVENTS_MAX} events per request, as the web app batches them. Taken only with the ` +
    'visitor’s consent: a request whose cookie preferences (`ludex_cookie_preferences`, `{"st":false}`) ' +
    'refuse session tracking is answered `accepted: 0` and nothing is kept. Accepted events go through ' +
    'the bus (topic site-events.v1) into the store, stamped with the server’s time; the client’s address ' +
    'is kept 30 days and the events 3 months. Rate-limited per client address (RATE_LIMIT_SITE_EVENTS ' +
    'requests a minute).',
  body: siteEventsRequest,
  maxBodyBytes: SITE_EVENTS_MAX_BODY_BYTES,
  response: acceptedAnswer,
  errors: [403, 429, 503],
  handler: async ({ body, deps, ctx }) => {
    if (!trackingAllowed(ctx)) return { accepted: 0 }
    const accounts = accountsOf(deps)
    await limitAttempt(ctx, accounts, 'site-events', accounts.limits.siteEvents)
    const at = deps.now()
    const messages = body.events.map((event) => toMessage(event, at, ctx.ip ?? ''))
    await publishSiteData(deps, topics.siteEvents, messages, ctx.state.log as Logger | undefined)
    return { accepted: messages.length }
  },
})
