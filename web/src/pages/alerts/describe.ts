import {
  type Alert,
  type AlertDelivery,
  type AlertRuleCreate,
  chartCategoryById,
  MOMENTUM_LABEL_TEXT,
  WEBHOOK_ATTEMPTS_MAX,
} from '@ludex/schemas'

/* What the alerts page says about an alert and a delivery, as pure functions (describe.test.ts). */

const n = (v: number) => v.toLocaleString('en-US')

/** The rule in words, e.g. 'CCU goes above 1,000'. */
export function describeRule(rule: Alert['rule']): string {
  switch (rule.kind) {
    case 'ccu':
      return `CCU goes ${rule.direction} ${n(rule.threshold)}`
    case 'change': {
      const dir = rule.direction === 'either' ? 'moves' : rule.direction === 'up' ? 'rises' : 'falls'
      return `Average CCU ${dir} by ${n(rule.percent)} % or more over a ${rule.period}`
    }
    case 'rank': {
      const title = chartCategoryById(rule.categoryId)?.title ?? `category ${rule.categoryId}`
      const move =
        rule.direction === 'either' ? 'Enters or leaves' : rule.direction === 'enter' ? 'Enters' : 'Leaves'
      return `${move} the top ${rule.topN} of ${title}`
    }
    case 'price':
      return 'Price changes'
    case 'update':
      return 'Updated, or thumbnails change'
    case 'momentum':
      return rule.to === 'any' ? 'Momentum label changes' : `Momentum turns ${MOMENTUM_LABEL_TEXT[rule.to]}`
  }
}

/** Where a firing goes. */
export function describeDelivery(delivery: Alert['delivery']): string {
  if (delivery.channel === 'email') return delivery.digest ? 'Email, daily digest' : 'Email'
  return `Webhook (${delivery.format === 'discord' ? 'Discord' : 'JSON'}): ${delivery.url}`
}

export const STATUS_LABELS: Record<AlertDelivery['status'], string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  dead: 'Failed',
  queued: 'In the next digest',
}

export const STATUS_COLORS: Record<AlertDelivery['status'], string> = {
  pending: 'blue',
  retrying: 'yellow',
  delivered: 'green',
  dead: 'red',
  queued: 'gray',
}

/** The line under a delivery's status: tries, the next try, the last error. */
export function deliveryDetail(d: AlertDelivery, format: (iso: string) => string): string {
  const parts: string[] = []
  if (d.attempts > 0) parts.push(`${d.attempts} of ${WEBHOOK_ATTEMPTS_MAX} tries`)
  if (d.status === 'retrying' && d.next_attempt_at) parts.push(`next try ${format(d.next_attempt_at)}`)
  if (d.status === 'delivered' && d.delivered_at) parts.push(`delivered ${format(d.delivered_at)}`)
  if (d.last_error && d.status !== 'delivered') parts.push(d.last_error)
  return parts.join(' · ')
}

/** The rule kinds the form offers: every kind the server evaluates. */
export const RULE_KINDS: readonly { value: AlertRuleCreate['kind']; label: string }[] = [
  { value: 'ccu', label: 'CCU crosses a threshold' },
  { value: 'change', label: 'CCU changes by a percentage' },
  { value: 'rank', label: 'Enters or leaves a chart’s top N' },
  { value: 'price', label: 'Price changes' },
  { value: 'update', label: 'Update or thumbnail change' },
  { value: 'momentum', label: 'Momentum label changes' },
]
