import {
  ALERTS_PER_USER_MAX,
  MOMENTUM_LABEL_TEXT,
  WEBHOOK_ALERTS_PER_USER_MAX,
  WEBHOOK_ATTEMPTS_MAX,
  WEBHOOK_BACKOFF_BASE_MS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookBackoffMs,
} from '@ludex/schemas'
import type { MethodologySection } from '../section.ts'

const minutes = (ms: number) => `${ms / 60_000}`
const { rising, stable, declining } = MOMENTUM_LABEL_TEXT
const waits = Array.from({ length: WEBHOOK_ATTEMPTS_MAX - 1 }, (_, i) =>
  minutes(webhookBackoffMs(i + 1)),
).join(', ')

/** Alerts (issue 20.1): how they are evaluated and delivered; the numbers are the ones the server uses. */
export const alertsSection: MethodologySection = {
  id: 'alerts',
  title: 'Alerts',
  computed: [
    'CCU threshold: fires for a 10-minute slot whose CCU is on the alert’s side of the threshold (above: at or over it; below: under it) when the slot just before was on the other side. The first sample of an experience, or one after a gap, never fires.',
    'Change over a day or a week: the average CCU of the last closed day (01:00 to 01:00 UTC) or week (from Monday 01:00 UTC) against the one before, in percent; fires when the change reaches the alert’s percentage in its direction. A period before with no players has no percentage and does not fire.',
    'Chart top N: between two consecutive captures of a chart category, an experience that was outside its top N and is now inside has entered (outside includes not listed); the reverse is leaving. Sponsored tiles are left out.',
    'Price and update: each observation of an experience’s details whose price (or `updated` time) differs from the observation before it; each thumbnail image type whose image changed.',
    `Momentum: the label (${rising}, ${stable} or ${declining}, computed as in the Momentum section above, from the same day rollups) of the last complete day against the label of the day before; fires when they differ and the new label is the alert’s (or any other label). A day without a label (too little data, too few players), on either side, is no change: an experience labelled for the first time does not fire.`,
    'An alert on a tag watches every experience in the tag when it is evaluated, and fires for each of them separately.',
    'Each event has a key (the rule, the experience and the slot or observation time), and an alert fires at most once per key: evaluating a slot again (a redelivered batch, a restart, two servers) fires nothing new. Events from before the alert was created never fire it.',
  ],
  samples: [
    'The 10-minute CCU samples and the hourly, daily and weekly rollups the charts use, the chart captures behind the rankings pages, and the recorded changes of details and thumbnails.',
  ],
  delay: [
    'Alerts are evaluated after the rollups of a slot have been written, on a pass every 15 seconds by default, so a CCU alert fires within the slot after the one that crossed. Change and momentum alerts fire once the day (or week) has closed, when the first slot of the next one has been rolled up.',
    `Email is sent at once, or once a day in a digest after the UTC day ends. A webhook is a POST of a JSON body (plain, or Discord’s content + embeds) with ${WEBHOOK_SIGNATURE_HEADER}: sha256=<hex> and ${WEBHOOK_TIMESTAMP_HEADER}: <unix seconds>. A call not answered with a 2xx within ${WEBHOOK_TIMEOUT_MS / 1000} seconds is tried again after ${waits} minutes (doubling from ${minutes(WEBHOOK_BACKOFF_BASE_MS)}); after ${WEBHOOK_ATTEMPTS_MAX} failed tries the delivery is marked Failed on the alerts page and not tried again.`,
    `To verify a webhook: compute HMAC-SHA256 of the exact body bytes with the alert’s signing secret (shown on the alerts page), compare its hex digest with the header after “sha256=” in constant time, then refuse a timestamp (the header, repeated in the body) more than a few minutes from your clock, so an old call cannot be replayed.`,
    `Each user may have ${ALERTS_PER_USER_MAX} alerts, ${WEBHOOK_ALERTS_PER_USER_MAX} of them by webhook.`,
  ],
  pitfalls: [
    'A CCU that hovers around the threshold fires each time it crosses it again.',
    'Slots missed while no server ran are looked back on, an hour for CCU and a day for charts, prices and updates; older events are not fired late.',
    'Webhook addresses must be public: private, loopback and link-local addresses are refused.',
    'A momentum label can flip back and forth across the threshold on consecutive days; each flip to the alert’s label fires once.',
  ],
}
