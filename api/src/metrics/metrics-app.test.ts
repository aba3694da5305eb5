import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp } from '../app/create-app.ts'
import { listen, type RunningServer } from '../app/server.ts'
import { createApiMetrics } from './metrics.ts'
import { createMetricsApp } from './metrics-app.ts'

describe('/metrics on a port of its own', () => {
  const logger = pino({ level: 'silent' })
  const metrics = createApiMetrics({ collectDefaults: false })
  let publicServer: RunningServer
  let metricsServer: RunningServer
  beforeAll(async () => {
    publicServer = await listen(
      createApiApp({ logger, readiness: async () => ({}), metrics, serveMetrics: false }),
      '127.0.0.1',
      0,
    )
    metricsServer = await listen(createMetricsApp({ metrics, logger }), '127.0.0.1', 0)
  })
  afterAll(async () => {
    await publicServer.close()
    await metricsServer.close()
  })

  it('serves the public app’s metrics there and nowhere on the public port', async () => {
    expect((await fetch(`${publicServer.url}/healthz`)).status).toBe(200)
    const hidden = await fetch(`${publicServer.url}/metrics`)
    expect(hidden.status).toBe(404)
    const res = await fetch(`${metricsServer.url}/metrics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    expect(res.headers.get('cache-control')).toBe('no-store')
    // The public app's requests, counted in the registry both share.
    expect(await res.text()).toMatch(/ludex_api_responses_total\{route="\/healthz",status="200"\} 1/)
  })

  it('answers nothing else there: 404 for other paths, 405 for other methods', async () => {
    expect((await fetch(`${metricsServer.url}/`)).status).toBe(404)
    const post = await fetch(`${metricsServer.url}/metrics`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
    // Scrapes are not API traffic: the metrics port adds no request series.
    const scraped = await (await fetch(`${metricsServer.url}/metrics`)).text()
    expect(scraped).not.toContain('route="/metrics"')
  })
})
