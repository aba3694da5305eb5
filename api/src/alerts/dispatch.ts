import {
  WEBHOOK_ATTEMPTS_MAX,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookBackoffMs,
} from '@ludex/schemas'
import type { Logger } from 'pino'
import type { Mailer } from '../mail/mailer.ts'
import type { MailContext } from '../mail/templates.ts'
import { alertMail, digestMail, webhookBody } from './messages.ts'
import type { AlertRepository, DeliveryWork } from './repository.ts'
import { signWebhookBody } from './signature.ts'
import { postToWebhook } from './webhook-post.ts'
import { checkedWebhookTarget } from './webhook-target.ts'

/*
 * Sending what fired: each due delivery is tried once per pass (taken with a lease, so two processes
 * never try the same one at once); a failed try waits webhookBackoffMs(n) (1, 2, 4, 8 minutes) and
 * the WEBHOOK_ATTEMPTS_MAX-th failure dead-letters it (status 'dead', its last error kept, never tried
 * again). The clock is injected: tests move it instead of waiting.
 */

export interface DispatchDeps {
  readonly repository: AlertRepository
  readonly mailer: Mailer
  readonly mail: MailContext
  readonly now: () => number
  /** ALERT_WEBHOOK_ALLOW_PRIVATE. */
  readonly allowPrivate: boolean
  readonly logger: Logger
}

export interface DispatchResult {
  readonly delivered: number
  readonly retrying: number
  readonly dead: number
}

/** How many due deliveries one pass takes (the rest wait for the next pass). */
const BATCH = 50

/** Posts the signed body to the checked address; null on a 2xx answer, else what went wrong. */
async function postWebhook(
  url: string,
  body: string,
  secret: string,
  timestamp: number,
  allowPrivate: boolean,
): Promise<string | null> {
  const target = await checkedWebhookTarget(url, allowPrivate)
  if (target.refused !== null) return `refused: ${target.refused}`
  return postToWebhook({
    url,
    target,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Ludex-Alerts/1',
      [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(secret, body),
      [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    },
    body,
  })
}

async function attempt(deps: DispatchDeps, work: DeliveryWork): Promise<string | null> {
  if (work.channel === 'email') {
    try {
      await deps.mailer.send(alertMail(deps.mail, work))
      return null
    } catch (err) {
      return err instanceof Error ? err.message : String(err)
    }
  }
  const hook = work.alert.webhook
  if (!hook) return 'the alert has no webhook'
  const timestamp = Math.floor(deps.now() / 1000)
  return postWebhook(
    hook.url,
    webhookBody(deps.mail, work, timestamp),
    hook.secret,
    timestamp,
    deps.allowPrivate,
  )
}

/** Tries every delivery due now once. */
export async function dispatchDue(deps: DispatchDeps): Promise<DispatchResult> {
  const result = { delivered: 0, retrying: 0, dead: 0 }
  const due = await deps.repository.due(new Date(deps.now()), BATCH)
  for (const work of due) {
    // The lease outlives one try: a process that dies mid-try leaves it to be tried again after it.
    if (!(await deps.repository.claim(work, new Date(deps.now() + 2 * WEBHOOK_TIMEOUT_MS)))) continue
    const tries = work.attempts + 1
    const error = await attempt(deps, work)
    const at = deps.now()
    if (error === null) {
      await deps.repository.settle(work.id, {
        status: 'delivered',
        attempts: tries,
        nextAttemptAt: null,
        lastError: null,
        deliveredAt: new Date(at),
      })
      result.delivered++
    } else if (tries >= WEBHOOK_ATTEMPTS_MAX) {
      await deps.repository.settle(work.id, {
        status: 'dead',
        attempts: tries,
        nextAttemptAt: null,
        lastError: error,
        deliveredAt: null,
      })
      deps.logger.warn(
        { delivery: work.id, alert: work.alert.id, tries, error },
        'alert delivery dead-lettered',
      )
      result.dead++
    } else {
      await deps.repository.settle(work.id, {
        status: 'retrying',
        attempts: tries,
        nextAttemptAt: new Date(at + webhookBackoffMs(tries)),
        lastError: error,
        deliveredAt: null,
      })
      result.retrying++
    }
  }
  return result
}

/** The start of the UTC day holding `ms`: a digest covers the firings of the days before it. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / 86_400_000) * 86_400_000
}

/**
 * The daily digests: once a UTC day has ended, one email per user with that day's (and any earlier
 * unsent) firings of their digest alerts. Taken in one statement, so two processes never both send;
 * a failed send puts them back for the next pass.
 */
export async function sendDigests(deps: DispatchDeps): Promise<number> {
  const taken = await deps.repository.takeDigests(new Date(utcDayStart(deps.now())), new Date(deps.now()))
  const byUser = new Map<string, DeliveryWork[]>()
  for (const w of taken) byUser.set(w.email, [...(byUser.get(w.email) ?? []), w])
  let sent = 0
  for (const [email, works] of byUser) {
    try {
      await deps.mailer.send(digestMail(deps.mail, email, works))
      sent++
    } catch (err) {
      deps.logger.warn({ err, deliveries: works.length }, 'alert digest not sent; kept for the next pass')
      await deps.repository.requeue(works.map((w) => w.id))
    }
  }
  return sent
}
