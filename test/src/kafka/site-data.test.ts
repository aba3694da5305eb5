import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, sendJson, startApiFixture } from '../api/fixture.ts'
import { useKafkaBroker } from '../harness/kafka-fixture.ts'

/*
 * The distributed road of the first-party site data on a real broker: the API publishes to the Kafka
 * bus (the fixture's pipeline selects it with KAFKA_BROKERS and creates the topics, site-events.v1 and
 * error-reports.v1 among them), and the sink's consumer group writes chDB. Nothing in-process carries
 * the messages: the API's answer is given once the broker has them, the rows appear once the group
 * consumed them.
 */
const kafka = useKafkaBroker()
const DAY = 86_400_000
const NOW = Date.now() - (Date.now() % DAY) + 13 * 3_600_000

describe('site data through Kafka', () => {
  let f: ApiFixture
  beforeAll(async () => {
    f = await startApiFixture({
      store: 'empty',
      now: () => NOW,
      env: { KAFKA_BROKERS: kafka.broker.brokers, KAFKA_TOPIC_PREFIX: 'site-data-test.' },
    })
  }, 60_000)
  afterAll(() => f?.close())

  it('lands page views, sign-ups and error reports in the store, each once', async () => {
    const events = await sendJson(f, 'POST', '/api/analytics/events', {
      events: [
        { type: 'page_view', path: '/kafka/one', title: 'One | Ludex', referrer: '' },
        { type: 'page_view', path: '/kafka/two?x=1', title: 'Two | Ludex', referrer: '' },
        {
          type: 'registered',
          user_id: '0f8e4a2c-9d1b-4e6f-8a3b-5c7d9e1f2a4b',
          properties: { initial_utm_source: 'kafka' },
        },
      ],
    })
    expect(events.body).toEqual({ accepted: 3 })
    const report = await sendJson(f, 'POST', '/api/errors', {
      kind: 'unhandledrejection',
      name: 'Error',
      message: 'through kafka',
      stack: '',
      path: '/kafka/one',
      release: '0.1.0+kafka',
    })
    expect(report.body).toEqual({ accepted: 1 })
    await f.bus.drain()

    const rows = await f.raw<{
      event: string
      path: string
      user_id: string
      properties: Record<string, string>
    }>(
      "SELECT event, path, user_id, properties FROM site_events FINAL WHERE path LIKE '/kafka/%' OR event = 'registered' ORDER BY event, path",
    )
    expect(rows).toEqual([
      { event: 'page_view', path: '/kafka/one', user_id: '', properties: {} },
      { event: 'page_view', path: '/kafka/two?x=1', user_id: '', properties: {} },
      {
        event: 'registered',
        path: '',
        user_id: '0f8e4a2c-9d1b-4e6f-8a3b-5c7d9e1f2a4b',
        properties: { initial_utm_source: 'kafka' },
      },
    ])
    const reports = await f.raw<{ message: string; release: string }>(
      'SELECT message, release FROM error_reports FINAL',
    )
    expect(reports).toEqual([{ message: 'through kafka', release: '0.1.0+kafka' }])
  })
})
