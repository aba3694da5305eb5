import { z } from 'zod'
import { VISIBLE_TEXT_PATTERN } from '../api/credentials.ts'
import { safeText } from '../api/safe-text.ts'
import { CHART_CATEGORY_IDS } from '../constants/chart-categories.ts'
import { ALERT_NAME_MAX_LENGTH, ALERT_TOP_N_MAX, WEBHOOK_URL_MAX_LENGTH } from './constants.ts'

/*
 * Alerts (issue 20 point 1): what a signed-in user watches (an experience, or every member of a tag),
 * the rule that fires, and where the firing goes (email, one by one or in a daily digest, or a signed
 * webhook). The rule kinds are the issue's, momentum included (the labels of schemas/src/momentum).
 */

const placeId = z.number().int('must be a whole number').min(1).max(Number.MAX_SAFE_INTEGER)

export const alertTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('experience'), placeId }),
  z.object({
    type: z.literal('tag'),
    tagId: z
      .number()
      .int('must be a whole number')
      .min(1)
      .max(2 ** 31 - 1),
  }),
])
export type AlertTarget = z.infer<typeof alertTarget>

/** The CCU of a slot crosses the threshold: the slot before was on the other side. */
export const ccuRule = z.object({
  kind: z.literal('ccu'),
  direction: z.enum(['above', 'below']),
  threshold: z.number().int('must be a whole number').min(0).max(1_000_000_000),
})
/** The average CCU of the last closed day (week) against the one before moved by at least `percent`. */
export const changeRule = z.object({
  kind: z.literal('change'),
  period: z.enum(['day', 'week']),
  direction: z.enum(['up', 'down', 'either']),
  percent: z.number().positive().max(100_000),
})
/** The experience entered (left) the top N of a chart category between two captures of it. */
export const rankRule = z.object({
  kind: z.literal('rank'),
  categoryId: z
    .number()
    .int()
    .refine((id) => CHART_CATEGORY_IDS.includes(id), 'must be the id of a chart category'),
  topN: z.number().int('must be a whole number').min(1).max(ALERT_TOP_N_MAX),
  direction: z.enum(['enter', 'leave', 'either']),
})
/** The experience's price changed. */
export const priceRule = z.object({ kind: z.literal('price') })
/** The experience was updated (its `updated` time moved) or its thumbnails changed. */
export const updateRule = z.object({ kind: z.literal('update') })
/**
 * The momentum label of the last complete day differs from the day before's, and is `to` (`any`: any
 * label). Both days must have a label: a label given for the first time (enough data at last) is no change.
 */
export const momentumRule = z.object({
  kind: z.literal('momentum'),
  to: z.enum(['rising', 'stable', 'declining', 'any']),
})

export const ALERT_KINDS = ['ccu', 'change', 'rank', 'price', 'update', 'momentum'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

export const alertRule = z.discriminatedUnion('kind', [
  ccuRule,
  changeRule,
  rankRule,
  priceRule,
  updateRule,
  momentumRule,
])
export type AlertRule = z.infer<typeof alertRule>

/** The rules an alert can be created with: every kind is evaluated, so all of them. */
export const alertRuleCreate = alertRule
export type AlertRuleCreate = z.infer<typeof alertRuleCreate>

export const WEBHOOK_FORMATS = ['json', 'discord'] as const

/** Where a firing goes: email (each firing, or the day's firings in one digest), or a webhook. */
export const alertDeliveryCreate = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), digest: z.boolean().default(false) }),
  z.object({
    channel: z.literal('webhook'),
    url: safeText
      .max(WEBHOOK_URL_MAX_LENGTH)
      .pipe(z.url({ protocol: /^https?$/, error: 'must be an http or https address' })),
    format: z.enum(WEBHOOK_FORMATS).default('json'),
  }),
])
export type AlertDeliveryCreate = z.infer<typeof alertDeliveryCreate>

export const alertName = safeText
  .max(ALERT_NAME_MAX_LENGTH)
  .regex(VISIBLE_TEXT_PATTERN, 'is required and holds no control character')
  .trim()

/** POST /api/alerts. */
export const alertCreate = z.object({
  name: alertName,
  target: alertTarget,
  rule: alertRuleCreate,
  delivery: alertDeliveryCreate,
})
export type AlertCreate = z.infer<typeof alertCreate>

/** An alert as its owner sees it; a webhook's secret is shown to them to verify signatures with. */
export const alert = z.object({
  id: z.number().int(),
  name: z.string(),
  target: alertTarget,
  rule: alertRule,
  delivery: z.discriminatedUnion('channel', [
    z.object({ channel: z.literal('email'), digest: z.boolean() }),
    z.object({
      channel: z.literal('webhook'),
      url: z.string(),
      format: z.enum(WEBHOOK_FORMATS),
      /** The HMAC-SHA256 key of this alert's signatures (256 random bits, hex). */
      secret: z.string(),
    }),
  ]),
  created_at: z.iso.datetime(),
})
export type Alert = z.infer<typeof alert>

export const alertList = z.object({
  alerts: z.array(alert),
  limits: z.object({ alerts: z.number().int(), webhooks: z.number().int() }),
})
export type AlertList = z.infer<typeof alertList>

/**
 * A delivery's state: `pending` (due now), `retrying` (a try failed; next_attempt_at says when),
 * `delivered`, `dead` (the last try failed: dead-lettered, never tried again), `queued` (waits for the
 * day's digest email).
 */
export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'dead', 'queued'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export const alertDelivery = z.object({
  id: z.number().int(),
  alert_id: z.number().int(),
  alert_name: z.string(),
  channel: z.enum(['email', 'webhook']),
  /** What happened, in one sentence (the email's subject, the webhook's content). */
  summary: z.string(),
  fired_at: z.iso.datetime(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.iso.datetime().nullable(),
  delivered_at: z.iso.datetime().nullable(),
})
export type AlertDelivery = z.infer<typeof alertDelivery>
export const alertDeliveryList = z.array(alertDelivery)

/** One firing as a webhook's plain JSON body carries it (signed: see the methodology page). */
export const alertWebhookBody = z.object({
  type: z.literal('ludex.alert'),
  alert: z.object({ id: z.number().int(), name: z.string() }),
  event: z.object({
    key: z.string(),
    kind: z.enum(ALERT_KINDS),
    place_id: z.number().int(),
    summary: z.string(),
    fired_at: z.iso.datetime(),
    url: z.string(),
  }),
  /** Unix seconds, the same as the timestamp header: a receiver refuses a stale or replayed call. */
  timestamp: z.number().int(),
})
export type AlertWebhookBody = z.infer<typeof alertWebhookBody>
