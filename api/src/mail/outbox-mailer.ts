import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type OutboxMail, outboxMail } from '@ludex/schemas'
import type { Logger } from 'pino'
import type { Mailer } from './mailer.ts'

/** The mails an outbox holds, newest first (the dev page lists them). */
export interface Outbox {
  list(limit?: number): Promise<OutboxMail[]>
}

const LINK = /https?:\/\/[^\s"'<>]+/g

/**
 * Without SMTP_URL mail is written to files in the data dir instead of being sent (DESIGN §2), readable
 * only by the data dir's owner. The log names the file, never the recipient or the links: a reset link
 * in a log is an account takeover for whoever reads the log. A developer follows links from the file or
 * from the outbox page (MAIL_OUTBOX_PAGE).
 */
export function createOutboxMailer(options: {
  dir: string
  logger: Logger
  now: () => number
}): Mailer & Outbox {
  const { dir, logger } = options
  return {
    async send(message) {
      await mkdir(dir, { recursive: true })
      const sentAt = new Date(options.now())
      const id = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`
      const links = [...new Set(message.text.match(LINK) ?? [])]
      const mail: OutboxMail = { id, ...message, sent_at: sentAt.toISOString(), links }
      await writeFile(join(dir, `${id}.json`), `${JSON.stringify(mail, null, 2)}\n`, { mode: 0o600 })
      logger.info({ subject: message.subject, file: `${id}.json` }, 'mail kept in the outbox')
    },
    async close() {},
    async list(limit = 100) {
      const names = await readdir(dir).catch(() => [] as string[])
      const files = names
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, limit)
      const mails: OutboxMail[] = []
      for (const name of files) {
        const parsed = outboxMail.safeParse(JSON.parse(await readFile(join(dir, name), 'utf8')))
        if (parsed.success) mails.push(parsed.data)
      }
      return mails
    },
  }
}
