import type { AlertWebhookBody } from '@ludex/schemas'
import type { MailMessage } from '../mail/mailer.ts'
import { compose, type MailContext } from '../mail/templates.ts'
import type { DeliveryWork } from './repository.ts'

/*
 * What a firing says, by channel: an email, a line of a daily digest, a webhook body (plain JSON or
 * Discord's `content` + `embeds`). The webhook body holds the timestamp its header repeats, so the
 * signature (over the body) covers it.
 */

export function experienceUrl(ctx: MailContext, placeId: number): string {
  return `${ctx.publicUrl}/experiences/${placeId}`
}

export function alertMail(ctx: MailContext, work: DeliveryWork): MailMessage {
  return compose(
    ctx,
    work.email,
    `${ctx.product} alert: ${work.firing.summary}`,
    '',
    [`Your alert “${work.alert.name}” fired at ${work.firing.firedAt.toISOString()}.`, work.firing.summary],
    { label: 'Open the experience', url: experienceUrl(ctx, work.firing.placeId) },
    [`Manage your alerts: ${ctx.publicUrl}/alerts`],
  )
}

/** One email with the day's firings of a user's digest alerts, oldest first. */
export function digestMail(ctx: MailContext, to: string, works: readonly DeliveryWork[]): MailMessage {
  const lines = works.map(
    (w) =>
      `${w.firing.firedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC — ${w.alert.name}: ${w.firing.summary}`,
  )
  return compose(
    ctx,
    to,
    `${ctx.product} alerts: ${works.length} ${works.length === 1 ? 'firing' : 'firings'} in your daily digest`,
    '',
    [`Your digest alerts fired ${works.length} ${works.length === 1 ? 'time' : 'times'}:`, ...lines],
    { label: 'Open your alerts', url: `${ctx.publicUrl}/alerts` },
  )
}

/** The webhook body's text, as sent (and signed): plain JSON or Discord-compatible. */
export function webhookBody(ctx: MailContext, work: DeliveryWork, timestampSeconds: number): string {
  const url = experienceUrl(ctx, work.firing.placeId)
  const kind = work.alert.rule.kind
  if (work.alert.webhook?.format === 'discord') {
    return JSON.stringify({
      content: `${ctx.product} alert “${work.alert.name}”: ${work.firing.summary}`,
      embeds: [
        {
          title: work.alert.name,
          description: work.firing.summary,
          url,
          timestamp: new Date(timestampSeconds * 1000).toISOString(),
          footer: { text: `${ctx.product} · ${kind} · ${work.firing.eventKey}` },
        },
      ],
    })
  }
  const body: AlertWebhookBody = {
    type: 'ludex.alert',
    alert: { id: work.alert.id, name: work.alert.name },
    event: {
      key: work.firing.eventKey,
      kind,
      place_id: work.firing.placeId,
      summary: work.firing.summary,
      fired_at: work.firing.firedAt.toISOString(),
      url,
    },
    timestamp: timestampSeconds,
  }
  return JSON.stringify(body)
}
