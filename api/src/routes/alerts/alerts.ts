import {
  ALERT_DELIVERIES_LISTED,
  ALERTS_PER_USER_MAX,
  type Alert,
  type AlertDelivery,
  alert,
  alertCreate,
  alertDelivery,
  alertDeliveryList,
  alertList,
  appDatabaseIdParam,
  okResponse,
  WEBHOOK_ALERTS_PER_USER_MAX,
  WEBHOOK_ATTEMPTS_MAX,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@ludex/schemas'
import { z } from 'zod'
import { accountOf, accountsOf } from '../../accounts/route-support.ts'
import type { DeliveryRow, StoredAlert } from '../../alerts/repository.ts'
import { newWebhookSecret } from '../../alerts/signature.ts'
import { literalTargetRefusal } from '../../alerts/webhook-target.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { isTrackedPlace } from '../../store/rankings.ts'
import { canSeeTag } from '../../tags/tag-access.ts'

/*
 * Alerts (issue 20 point 1): a signed-in user's own alerts and their deliveries. Only the owner sees
 * or deletes an alert (another user's id is a 404, as if it did not exist). Answers hold webhook
 * secrets: never cached.
 */

const LIMITS_TEXT =
  `At most ${ALERTS_PER_USER_MAX} alerts per user, of which at most ${WEBHOOK_ALERTS_PER_USER_MAX} ` +
  'deliver by webhook; one more is a 409 naming the limit.'

function toAlert(a: StoredAlert): Alert {
  return {
    id: a.id,
    name: a.name,
    target: a.target,
    rule: a.rule,
    delivery: a.webhook
      ? { channel: 'webhook', url: a.webhook.url, format: a.webhook.format, secret: a.webhook.secret }
      : { channel: 'email', digest: a.digest },
    created_at: a.createdAt.toISOString(),
  }
}

function toDelivery(r: DeliveryRow): AlertDelivery {
  return {
    id: r.id,
    alert_id: r.alertId,
    alert_name: r.alertName,
    channel: r.channel,
    summary: r.summary,
    fired_at: r.firedAt.toISOString(),
    status: r.status,
    attempts: r.attempts,
    last_error: r.lastError,
    next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
    delivered_at: r.deliveredAt?.toISOString() ?? null,
  }
}

export const alertListRoute = defineRoute({
  method: 'GET',
  path: '/api/alerts',
  resource: 'alerts',
  summary: 'The signed-in user’s alerts, with the limits',
  description:
    'The caller’s alerts, oldest first, each with its target (an experience, or a tag: every member), ' +
    'rule and delivery (a webhook’s signing secret included), and `limits` {alerts, webhooks}. ' +
    LIMITS_TEXT,
  response: alertList,
  requires: 'user',
  maxAgeSeconds: 0,
  errors: [503],
  handler: async ({ viewer, deps }) => {
    const accounts = accountsOf(deps)
    const list = await accounts.store.alerts.list(accountOf(viewer).user.id)
    return {
      alerts: list.map(toAlert),
      limits: { alerts: ALERTS_PER_USER_MAX, webhooks: WEBHOOK_ALERTS_PER_USER_MAX },
    }
  },
})

export const alertCreateRoute = defineRoute({
  method: 'POST',
  path: '/api/alerts',
  resource: 'alerts',
  summary: 'Create an alert on an experience or a tag',
  description:
    'Takes {name, target, rule, delivery}. target: {type: experience, placeId} (an experience Ludex ' +
    'tracks) or {type: tag, tagId} (a tag the caller sees: every member is watched). rule.kind: `ccu` ' +
    '(the slot’s CCU crosses `threshold`: above = at or over it, below = under it, the slot before on ' +
    'the other side), `change` (the last closed day’s or week’s average CCU moved by at least `percent` ' +
    'against the one before, up, down or either), `rank` (entered or left the top `topN` of a chart ' +
    'category), `price`, `update` (the `updated` time or a thumbnail changed), `momentum` (the momentum ' +
    'label of the last complete day, as GET /api/stats/momentum computes it, differs from the day ' +
    'before’s and is `to`: rising, stable, declining, or any; a day without a label is no change; ' +
    'fires once the day has closed). delivery: {channel: email, digest} (digest: one email a day, after ' +
    'the UTC day ends, with its firings) or {channel: webhook, url, format: json | discord}: an http(s) ' +
    'address, not a private, loopback or link-local one (refused here for a literal address, and ' +
    'before each call for the addresses its name resolves to; the call then connects to the address ' +
    'checked, so a name rebound in between cannot reach inside). Each webhook call is a POST of the body ' +
    `signed with HMAC-SHA256 under the alert’s secret: ${WEBHOOK_SIGNATURE_HEADER}: sha256=<hex of the ` +
    `body’s HMAC>, ${WEBHOOK_TIMESTAMP_HEADER}: <unix seconds> (repeated inside the body, so it is ` +
    'signed). The secret is stored sealed (AES-256-GCM under the server’s credentials key); a server ' +
    'without that key answers a webhook alert 503. ' +
    `A non-2xx answer or no answer within 10 s is retried after 1, 2, 4 and 8 minutes; the ` +
    `${WEBHOOK_ATTEMPTS_MAX}th failure dead-letters the delivery. Events from before the alert was ` +
    `created never fire it; each event fires an alert once. ${LIMITS_TEXT}`,
  body: alertCreate,
  response: alert,
  requires: 'user',
  errors: [409, 503],
  handler: async ({ body, viewer, deps }) => {
    const accounts = accountsOf(deps)
    const userId = accountOf(viewer).user.id
    if (body.target.type === 'experience') {
      if (!(await isTrackedPlace(deps, body.target.placeId))) {
        throw ApiError.badRequest([
          { field: 'body.target.placeId', message: `Ludex does not track experience ${body.target.placeId}` },
        ])
      }
    } else {
      const tag = await accounts.store.tags.find(body.target.tagId)
      if (!tag || !canSeeTag(viewer, tag)) {
        throw ApiError.badRequest([
          { field: 'body.target.tagId', message: `Tag ${body.target.tagId} does not exist` },
        ])
      }
    }
    if (body.delivery.channel === 'webhook') {
      // The secret is sealed with the credentials key: a server without one takes no webhook alert.
      if (!accounts.credentials) {
        throw new ApiError(503, 'webhooks_unavailable', 'Webhook alerts are not enabled on this server')
      }
      const refused = literalTargetRefusal(body.delivery.url, accounts.alertWebhooksAllowPrivate)
      if (refused) throw ApiError.badRequest([{ field: 'body.delivery.url', message: refused }])
    }
    const counts = await accounts.store.alerts.counts(userId)
    if (counts.alerts >= ALERTS_PER_USER_MAX) {
      throw new ApiError(409, 'limit_reached', `At most ${ALERTS_PER_USER_MAX} alerts per user`)
    }
    if (body.delivery.channel === 'webhook' && counts.webhooks >= WEBHOOK_ALERTS_PER_USER_MAX) {
      throw new ApiError(
        409,
        'limit_reached',
        `At most ${WEBHOOK_ALERTS_PER_USER_MAX} webhook alerts per user`,
        [
          {
            field: 'body.delivery.channel',
            message: `At most ${WEBHOOK_ALERTS_PER_USER_MAX} webhook alerts per user`,
          },
        ],
      )
    }
    const created = await accounts.store.alerts.insert({
      userId,
      name: body.name,
      target: body.target,
      rule: body.rule,
      delivery: body.delivery,
      secret: newWebhookSecret(),
      createdAt: new Date(accounts.now()),
    })
    return toAlert(created)
  },
})

const alertIdParams = z.object({ id: appDatabaseIdParam })

export const alertTestRoute = defineRoute({
  method: 'POST',
  path: '/api/alerts/{id}/test',
  resource: 'alerts',
  summary: 'Send a test firing of one of the signed-in user’s alerts',
  description:
    'Records a test firing of the alert and delivers it as a real one would be (email, the digest, or ' +
    'the signed webhook with its retries), so a receiver can be checked before anything happens. The ' +
    'answer is the new delivery (pending or queued); the alerts pass sends it within ALERTS_POLL_MS. ' +
    'One test per alert per minute: another in the same minute is a 429. Another user’s alert is a 404.',
  params: alertIdParams,
  response: alertDelivery,
  requires: 'user',
  errors: [404, 429, 503],
  handler: async ({ params, viewer, deps, ctx }) => {
    const accounts = accountsOf(deps)
    const userId = accountOf(viewer).user.id
    const found = (await accounts.store.alerts.list(userId)).find((a) => a.id === params.id)
    if (!found) throw ApiError.notFound(`You have no alert ${params.id}`)
    const now = accounts.now()
    let placeId = 0
    if (found.target.type === 'experience') placeId = found.target.placeId
    else placeId = (await accounts.store.tags.find(found.target.tagId))?.placeIds[0] ?? 0
    const status = found.channel === 'email' && found.digest ? 'queued' : 'pending'
    const summary = `Test of your alert “${found.name}”: this is how its firings will arrive`
    const firing = await accounts.store.alerts.fire({
      alertId: found.id,
      eventKey: `test:${new Date(Math.floor(now / 60_000) * 60_000).toISOString()}`,
      placeId,
      summary,
      firedAt: new Date(now),
      delivery: { channel: found.channel, status },
    })
    if (firing === null) {
      // The test's event key is its minute: the next one opens at the minute's end.
      ctx.set('Retry-After', String(Math.max(1, Math.ceil((60_000 - (now % 60_000)) / 1000))))
      throw new ApiError(429, 'rate_limited', 'One test per alert per minute: try again later')
    }
    const [row] = (await accounts.store.alerts.deliveries(userId, ALERT_DELIVERIES_LISTED)).filter(
      (d) => d.alertId === found.id && d.summary === summary,
    )
    if (!row) throw new Error('the test delivery just recorded is missing')
    return toDelivery(row)
  },
})

export const alertDeleteRoute = defineRoute({
  method: 'DELETE',
  path: '/api/alerts/{id}',
  resource: 'alerts',
  summary: 'Delete one of the signed-in user’s alerts',
  description:
    'The alert, its firings and their deliveries go (a retry under way is not sent again). Another ' +
    'user’s alert is a 404.',
  params: z.object({
    id: z.coerce
      .number()
      .int('must be a whole number')
      .min(1)
      .max(2 ** 31 - 1),
  }),
  response: okResponse,
  requires: 'user',
  errors: [404, 503],
  handler: async ({ params, viewer, deps }) => {
    const deleted = await accountsOf(deps).store.alerts.delete(params.id, accountOf(viewer).user.id)
    if (!deleted) throw ApiError.notFound(`You have no alert ${params.id}`)
    return { ok: true as const }
  },
})

export const alertDeliveriesRoute = defineRoute({
  method: 'GET',
  path: '/api/alertdelivery',
  resource: 'alerts',
  summary: 'The newest deliveries of the signed-in user’s alerts, with their status',
  // A path of its own: under /api/alerts/ it would also be DELETE /api/alerts/{id}'s (a 400, not a 405).
  description:
    `The caller’s ${ALERT_DELIVERIES_LISTED} newest deliveries, newest first: status pending (due), ` +
    'retrying (a try failed; next_attempt_at), delivered, dead (dead-lettered after the last try; ' +
    'last_error says why) or queued (waits for the daily digest).',
  response: alertDeliveryList,
  requires: 'user',
  maxAgeSeconds: 0,
  errors: [503],
  handler: async ({ viewer, deps }) => {
    const rows = await accountsOf(deps).store.alerts.deliveries(
      accountOf(viewer).user.id,
      ALERT_DELIVERIES_LISTED,
    )
    return rows.map(toDelivery)
  },
})
