const MINUTE_MS = 60_000

/*
 * Alerts (issue 20 point 1): the limits a user lives within and how deliveries are retried. One place,
 * read by the API (refusals, OpenAPI), the evaluator and the alerts page.
 */

/** Alerts one user may hold, whatever their channel. */
export const ALERTS_PER_USER_MAX = 25
/** Of those, alerts delivered by webhook (each one a target Ludex calls). */
export const WEBHOOK_ALERTS_PER_USER_MAX = 5
/** An alert's name: at most this many characters. */
export const ALERT_NAME_MAX_LENGTH = 100
/** A webhook address: at most this many characters. */
export const WEBHOOK_URL_MAX_LENGTH = 2000
/** The top N of a chart category an alert may watch: 1 to this. */
export const ALERT_TOP_N_MAX = 100
/** Tries of one webhook delivery before it is dead-lettered. */
export const WEBHOOK_ATTEMPTS_MAX = 5
/** The wait before the second try; it doubles before each next one (1, 2, 4, 8 minutes). */
export const WEBHOOK_BACKOFF_BASE_MS = MINUTE_MS
/** A receiver that has not answered by then has failed this try. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** The newest deliveries the alerts page lists. */
export const ALERT_DELIVERIES_LISTED = 100

/** The headers a webhook carries: the signature of the body, and the time it was signed. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Ludex-Signature'
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Ludex-Timestamp'

/** The wait before try `attempt + 1` after `attempt` failed tries (attempt ≥ 1). */
export function webhookBackoffMs(attempt: number): number {
  return WEBHOOK_BACKOFF_BASE_MS * 2 ** (attempt - 1)
}
