import type { ClickHouseClient } from '@clickhouse/client'
import {
  type AccountsStore,
  type AlertPass,
  accountsStore,
  createAlertService,
  type Mailer,
  type ReadinessCheck,
} from '@ludex/api'
import { publicUrl } from '@ludex/schemas'
import { configuredMailer, openConfiguredAppDatabase } from '../accounts.ts'
import type { RoleComponent, RoleContext } from './component.ts'

export interface AlertsComponent extends RoleComponent {
  /** One pass now (tests, and the loop below): evaluate, deliver what is due, send ended days' digests. */
  pass(): Promise<AlertPass>
}

/** What the alerts read and write besides the store: the app database's alerts and tags, and the mail. */
export interface AlertsAppDatabase {
  readonly store: Pick<AccountsStore, 'alerts' | 'tags'>
  readonly mailer: Mailer
}

/**
 * The alerts role (issue 20 point 1): every ALERTS_POLL_MS it evaluates every alert up to the store's
 * newest rolled-up slot, so a slot is evaluated after its rollups land, and tries the deliveries that
 * are due. A role of its own, so one process evaluates however many API replicas serve; were two
 * running, each event would still fire an alert once (the app database's unique (alert, event key))
 * and each delivery be tried by one of them at a time (its lease). It reads the analytics store and
 * the app database: the api role's when that serves in this process (one PGlite per data dir), else
 * its own, opened and migrated here with the mail in use and the credentials key (webhook secrets are
 * sealed with it).
 */
export async function startAlertsRole(
  ctx: RoleContext,
  options: { store: ClickHouseClient; appDatabase: AlertsAppDatabase | null },
): Promise<AlertsComponent> {
  let closeOwn: (() => Promise<void>) | null = null
  let app = options.appDatabase
  if (app) {
    ctx.wiring.record('alerts', `every ${ctx.config.ALERTS_POLL_MS} ms, on the api role's app database`)
  } else {
    const log = ctx.logger.child({ component: 'alerts' })
    const database = await openConfiguredAppDatabase(ctx.config, log)
    const { mailer } = configuredMailer(ctx.config, log, () => ctx.clock.now())
    app = { store: accountsStore(database.db, database.secretBox), mailer }
    closeOwn = async () => {
      await mailer.close()
      await database.close()
    }
    ctx.wiring.record('appDatabase', database.engine)
    ctx.wiring.record('mail', ctx.config.SMTP_URL ? 'smtp' : 'outbox')
    ctx.wiring.record('alerts', `every ${ctx.config.ALERTS_POLL_MS} ms`)
  }
  let part: AlertsComponent
  try {
    part = startAlertsLoop(ctx, { store: options.store, app })
  } catch (err) {
    await closeOwn?.()
    throw err
  }
  return {
    ...part,
    stop: async () => {
      await part.stop()
      await closeOwn?.()
    },
  }
}

/** The pass loop; a failed pass is logged and tried again at the next one. */
function startAlertsLoop(
  ctx: RoleContext,
  options: { store: ClickHouseClient; app: AlertsAppDatabase },
): AlertsComponent {
  const { config, clock } = ctx
  const logger = ctx.logger.child({ component: 'alerts' })
  const service = createAlertService({
    repository: options.app.store.alerts,
    store: { clickhouse: options.store, logger },
    tags: options.app.store.tags,
    mailer: options.app.mailer,
    mail: { product: config.PRODUCT_NAME, publicUrl: publicUrl(config) },
    now: () => clock.now(),
    allowPrivate: config.ALERT_WEBHOOK_ALLOW_PRIVATE,
    logger,
  })
  let state: ReadinessCheck = { ok: true, detail: 'waiting for the first pass' }
  let running: Promise<unknown> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const pass = async () => {
    const result = await service.pass()
    if (result.fired + result.delivered + result.retrying + result.dead + result.digests > 0) {
      logger.info(result, 'alerts pass')
    }
    return result
  }
  const loop = () => {
    if (stopped) return
    running = pass().then(
      () => {
        state = { ok: true, detail: 'evaluating' }
      },
      (err: unknown) => {
        // A pass that fails (the store or the app database away) is tried again at the next one.
        state = { ok: true, detail: 'the last pass failed; retrying' }
        logger.warn({ err }, 'alerts pass failed')
      },
    )
    void running.then(() => {
      if (!stopped) timer = setTimeout(loop, config.ALERTS_POLL_MS)
    })
  }
  timer = setTimeout(loop, config.ALERTS_POLL_MS)
  return {
    pass: () => {
      running = running.then(pass, pass)
      return running as Promise<AlertPass>
    },
    readiness: () => state,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running.catch(() => {})
    },
  }
}
