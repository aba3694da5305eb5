/** One account email, in text and HTML. */
export interface MailMessage {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): Promise<void>
}

export class MailError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'MailError'
  }
}
