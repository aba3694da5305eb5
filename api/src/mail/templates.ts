import { escapeMarkup } from '@ludex/schemas'
import type { MailMessage } from './mailer.ts'

export interface MailContext {
  /** The product's name, e.g. 'Ludex'. */
  readonly product: string
  /** The site's address without a trailing slash. */
  readonly publicUrl: string
}

/** One layout for every mail (accounts, alerts): greeting, paragraphs, an optional button, closing. */
export function compose(
  ctx: MailContext,
  to: string,
  subject: string,
  greetingName: string,
  paragraphs: readonly string[],
  action?: { label: string; url: string },
  after: readonly string[] = [],
): MailMessage {
  const greeting = greetingName ? `Hi ${greetingName},` : 'Hi,'
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    `— ${ctx.product}`,
  ].join('\n')
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeMarkup(s)}</p>`
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeMarkup(action.url)}" style="background:#228be6;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeMarkup(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#666">${escapeMarkup(action.url)}</p>`
    : ''
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222;max-width:560px">${p(greeting)}${paragraphs.map(p).join('')}${button}${after.map(p).join('')}${p(`— ${ctx.product}`)}</body></html>`
  return { to, subject, text, html }
}

/** The verification link: the web app's /verify-email page reads the token from the hash. */
export function verificationMail(
  ctx: MailContext,
  to: string,
  firstName: string,
  token: string,
): MailMessage {
  return compose(
    ctx,
    to,
    `Verify your email for ${ctx.product}`,
    firstName,
    [`Thanks for signing up for ${ctx.product}. Please confirm that this is your email address.`],
    { label: 'Verify Email', url: `${ctx.publicUrl}/verify-email#token=${token}` },
    ['If you did not sign up, you can ignore this email.'],
  )
}

/** The reset link: the web app's /change-password page reads the token from the hash. */
export function passwordResetMail(
  ctx: MailContext,
  to: string,
  firstName: string,
  token: string,
): MailMessage {
  return compose(
    ctx,
    to,
    `Reset your ${ctx.product} password`,
    firstName,
    ['We received a request to set a new password for your account.'],
    { label: 'Set a New Password', url: `${ctx.publicUrl}/change-password#token=${token}` },
    ['The link works once and expires within an hour. If you did not ask for it, you can ignore this email.'],
  )
}

/**
 * Sent instead of a second account when someone signs up with an email that already has one: the owner
 * learns of it, and the sign-up answer stays the same as for a new email (no enumeration).
 */
export function alreadyRegisteredMail(ctx: MailContext, to: string, firstName: string): MailMessage {
  return compose(
    ctx,
    to,
    `You already have a ${ctx.product} account`,
    firstName,
    [
      'Someone (hopefully you) tried to sign up with this email address, but it already has an account.',
      'You can sign in, or set a new password if you have forgotten it.',
    ],
    { label: 'Sign In', url: `${ctx.publicUrl}/sign-in` },
    ['If this was not you, you can ignore this email: nothing has changed.'],
  )
}
