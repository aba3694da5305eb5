import type { ClickHouseClient } from '@clickhouse/client'
import type { Mailer } from '@ludex/api'
import { type Accounts, type AlertPass, createAlertService, type ReadinessCheck } from '@ludex/api'
import { publicUrl } from '@ludex/schemas'
import type { RoleComponent, RoleContext } from './component.ts'

export interface AlertsComponent extends RoleComponent {
  /** One pass now (tests, and the loop below): evaluate, deliver what is due, send ended days' digests. */
  pass(): Promise<AlertPass>
}

/**
 * The alerts part (issue 20 point 1), beside the app database it needs (the api role): every
 * ALERTS_POLL_MS it evaluates every alert up to the store's newest rolled-up slot, so a slot is
 * evaluated after its rollups land, and tries the deliveries that are due. Each event fires an alert
 * once, whatever evaluates it how often: the app database's unique (alert, event key) decides, so
 * API replicas can each run this part.
 */
export async function startAlertsPart(
  ctx: RoleContext,
  options: { store: ClickHouseClient; accounts: Accounts; mailer: Mailer },
): Promise<AlertsComponent> {
  const { config, clock } = ctx
  const logger = ctx.logger.child({ component: 'alerts' })
  const service = createAlertService({
    repository: options.accounts.store.alerts,
    store: { clickhouse: options.store, logger },
    tags: options.accounts.store.tags,
    mailer: options.mailer,
    mail: { product: config.PRODUCT_NAME, publicUrl: publicUrl(config) },
    now: () => clock.now(),
    allowPrivate: config.ALERT_WEBHOOK_ALLOW_PRIVATE,
    logger,
  })
  ctx.wiring.record('alerts', `every ${config.ALERTS_POLL_MS} ms`)
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
