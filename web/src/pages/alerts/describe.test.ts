import type { AlertDelivery } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { deliveryDetail, describeDelivery, describeRule } from './describe.ts'

describe('the alerts page’s words', () => {
  it('says each rule kind in words', () => {
    expect(describeRule({ kind: 'ccu', direction: 'above', threshold: 12500 })).toBe('CCU goes above 12,500')
    expect(describeRule({ kind: 'change', period: 'week', direction: 'down', percent: 20 })).toBe(
      'Average CCU falls by 20 % or more over a week',
    )
    expect(describeRule({ kind: 'rank', categoryId: 8, topN: 10, direction: 'enter' })).toBe(
      'Enters the top 10 of Most Popular',
    )
    expect(describeRule({ kind: 'update' })).toBe('Updated, or thumbnails change')
    expect(describeRule({ kind: 'momentum', to: 'rising' })).toBe('Momentum turns Rising')
    expect(describeRule({ kind: 'momentum', to: 'any' })).toBe('Momentum label changes')
  })

  it('names the delivery, the digest and the webhook format', () => {
    expect(describeDelivery({ channel: 'email', digest: true })).toBe('Email, daily digest')
    expect(
      describeDelivery({ channel: 'webhook', url: 'https://x.test/h', format: 'discord', secret: 's' }),
    ).toBe('Webhook (Discord): https://x.test/h')
  })

  it('tells a retrying delivery’s tries, next try and error, and hides the error once delivered', () => {
    const base: AlertDelivery = {
      id: 1,
      alert_id: 1,
      alert_name: 'A',
      channel: 'webhook',
      summary: 's',
      fired_at: '2026-11-18T14:00:00.000Z',
      status: 'retrying',
      attempts: 2,
      last_error: 'HTTP 500',
      next_attempt_at: '2026-11-18T14:03:00.000Z',
      delivered_at: null,
    }
    const f = (iso: string) => iso.slice(11, 16)
    expect(deliveryDetail(base, f)).toBe('2 of 5 tries · next try 14:03 · HTTP 500')
    expect(
      deliveryDetail(
        { ...base, status: 'delivered', attempts: 3, delivered_at: '2026-11-18T14:07:00.000Z' },
        f,
      ),
    ).toBe('3 of 5 tries · delivered 14:07')
  })
})
