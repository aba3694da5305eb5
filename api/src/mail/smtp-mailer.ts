import nodemailer from 'nodemailer'
import type { Logger } from 'pino'
import { MailError, type Mailer } from './mailer.ts'

/** Mail over SMTP (SMTP_URL, e.g. smtps://user:pass@host:465 or smtp://host:587). */
export function createSmtpMailer(options: { url: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url)
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ from: options.from, ...message })
        options.logger.info({ messageId: info.messageId, subject: message.subject }, 'mail sent')
      } catch (cause) {
        throw new MailError(`Could not send '${message.subject}' over SMTP`, { cause })
      }
    },
    async close() {
      transport.close()
    },
  }
}
