import { randomBytes } from 'node:crypto'
import { type Publisher, parseCookiePreferences, type Topic } from '@ludex/schemas'
import type { Context } from 'koa'
import type { Logger } from 'pino'
import type { ApiDeps } from '../deps.ts'
import { ApiError } from '../http/api-error.ts'

/**
 * What the first-party site data calls share: the consent check, message ids and publishing to the
 * bus. The API never writes the store: it publishes, and the sink writes (DESIGN §4).
 */

/**
 * Whether the request's cookie preferences allow session tracking (part 1 §3, part 2 §3): the same
 * cookie the browser checks before sending, read the same way (absent or unreadable: allowed).
 */
export function trackingAllowed(ctx: Context): boolean {
  return parseCookiePreferences(ctx.get('cookie')).st
}

/** 128 random bits as hex: a message's id, so a redelivery replaces the row instead of adding one. */
export function newSiteMessageId(): string {
  return randomBytes(16).toString('hex')
}

/**
 * Publishes to the process's bus; 503 when this API has none (a server started without the CLI's
 * wiring) or the bus is closing (a shutdown under way): the browser's report is lost, nothing else.
 */
export async function publishSiteData<T>(
  deps: ApiDeps,
  topic: Topic<T>,
  messages: readonly T[],
  log: Logger | undefined,
): Promise<void> {
  const publisher: Publisher | undefined = deps.publisher
  if (!publisher) throw new ApiError(503, 'unavailable', 'This server does not take site data')
  try {
    await publisher.publish(topic, messages)
  } catch (err) {
    ;(log ?? deps.logger).warn({ err, topic: topic.name }, 'site data not published')
    throw new ApiError(503, 'unavailable', 'Site data cannot be taken right now', undefined, { cause: err })
  }
}
