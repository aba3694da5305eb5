import { createApiApp, listen, type RunningServer } from '@ludex/api'
import { loadConfig } from '@ludex/schemas'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { type MetricsListener, startMetricsListener } from './metrics-listener.ts'

describe('METRICS_PORT', () => {
  const logger = pino({ level: 'silent' })
  const toClose: { close(): Promise<void> }[] = []
  afterEach(async () => {
    for (const c of toClose.splice(0)) await c.close()
  })
  const publicApp = async (appOptions: MetricsListener['appOptions']): Promise<RunningServer> => {
    const server = await listen(
      createApiApp({ logger, readiness: async () => ({}), ...appOptions }),
      '127.0.0.1',
      0,
    )
    toClose.push(server)
    return server
  }

  it('unset: nothing more listens and the app serves /metrics', async () => {
    const listener = await startMetricsListener(loadConfig({ HOST: '127.0.0.1' }), logger)
    toClose.push(listener)
    expect(listener.url).toBeNull()
    const app = await publicApp(listener.appOptions)
    expect((await fetch(`${app.url}/metrics`)).status).toBe(200)
  })

  it('set: /metrics moves to its own listener, with what the app counts', async () => {
    const listener = await startMetricsListener(loadConfig({ HOST: '127.0.0.1', METRICS_PORT: '0' }), logger)
    toClose.push(listener)
    expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/)
    const app = await publicApp(listener.appOptions)
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404)
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200)
    const scraped = await fetch(listener.url!)
    expect(scraped.status).toBe(200)
    expect(await scraped.text()).toContain('ludex_api_responses_total{route="/healthz",status="200"} 1')
  })
})
