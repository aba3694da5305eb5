import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A mail as the local SMTP server received it, with its text part decoded. */
export interface ReceivedMail {
  readonly to: string[]
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly raw: string
}

/** A local SMTP server (loopback) that keeps what it receives, for the account flows' tests. */
export interface Mailbox {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  readonly url: string
  readonly received: readonly ReceivedMail[]
  /** The next mail to `to` that arrives after the last one taken for it (waits up to `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>
  /** Mails to `to` received and not taken yet. */
  pending(to: string): ReceivedMail[]
  close(): Promise<void>
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return body
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  )
}

/** Just enough MIME for nodemailer's text + html alternative mails. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const body = raw.slice(split + 4)
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(head)?.[1] ?? '')
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1]
  let text = ''
  let html = ''
  const parts = boundary ? body.split(`--${boundary}`) : [`${head}\r\n\r\n${body}`]
  for (const part of parts) {
    const at = part.indexOf('\r\n\r\n')
    if (at < 0) continue
    const headers = part.slice(0, at)
    const content = decodePart(headers, part.slice(at + 4).replace(/\r\n$/, ''))
    if (/content-type:\s*text\/plain/i.test(headers)) text = content
    else if (/content-type:\s*text\/html/i.test(headers)) html = content
  }
  return { to, subject, text, html, raw }
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = []
  const taken = new Map<string, number>()
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), to))
        for (const wake of waiters) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  const forAddress = (to: string) => received.filter((m) => m.to.includes(to.toLowerCase()))
  const pending = (to: string) => forAddress(to).slice(taken.get(to.toLowerCase()) ?? 0)
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    pending,
    async next(to, timeoutMs = 10_000) {
      const key = to.toLowerCase()
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = pending(key)[0]
        if (mail) {
          taken.set(key, (taken.get(key) ?? 0) + 1)
          return mail
        }
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`No mail to ${to} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake)
            clearTimeout(timer)
            resolve()
          }
          const timer = setTimeout(wake, left)
          waiters.add(wake)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The token of the link a mail carries ('…#token=XYZ'). */
export function tokenIn(mail: ReceivedMail): string {
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
  if (!token) throw new Error(`No token link in '${mail.subject}'`)
  return token
}
