import type { StoreReader } from '@ludex/pipelines/store'
import type { Logger } from 'pino'
import type { Mailer } from '../mail/mailer.ts'
import type { MailContext } from '../mail/templates.ts'
import type { TagRepository } from '../tags/tag-repository.ts'
import { dispatchDue, sendDigests } from './dispatch.ts'
import { evaluateAlerts } from './evaluate.ts'
import type { AlertRepository } from './repository.ts'

export interface AlertServiceOptions {
  readonly repository: AlertRepository
  readonly store: StoreReader
  readonly tags: Pick<TagRepository, 'find'>
  readonly mailer: Mailer
  readonly mail: MailContext
  readonly now: () => number
  readonly allowPrivate: boolean
  readonly logger: Logger
}

export interface AlertPass {
  readonly slotMs: number | null
  readonly fired: number
  readonly delivered: number
  readonly retrying: number
  readonly dead: number
  readonly digests: number
}

export interface AlertService {
  /** One pass: evaluate up to the newest rolled-up slot, send what is due, send ended days' digests. */
  pass(): Promise<AlertPass>
}

export function createAlertService(options: AlertServiceOptions): AlertService {
  const dispatch = {
    repository: options.repository,
    mailer: options.mailer,
    mail: options.mail,
    now: options.now,
    allowPrivate: options.allowPrivate,
    logger: options.logger,
  }
  return {
    async pass() {
      const evaluation = await evaluateAlerts(options)
      const sent = await dispatchDue(dispatch)
      const digests = await sendDigests(dispatch)
      return { slotMs: evaluation.slotMs, fired: evaluation.fired, ...sent, digests }
    },
  }
}
