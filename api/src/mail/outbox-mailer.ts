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
 * Without SMTP_URL mail is written to files in the data dir instead of being sent (DESIGN §2), and each
 * one is logged with its links, so a developer can follow a verification link by hand.
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
      logger.info(
        { to: message.to, subject: message.subject, links, file: `${id}.json` },
        'mail kept in the outbox',
      )
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
