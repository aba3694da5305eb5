import type { Publisher, Topic } from '@ludex/schemas'
import type { Logger } from 'pino'
import type { RobloxClient } from '../roblox/client.ts'
import type { Clock } from '../scheduling/clock.ts'
import type { ChangeMemory } from './change-memory.ts'
import type { Tracker } from './tracker.ts'
import type { TrackingRequests } from './tracking-requests.ts'

export interface PollerDeps {
  readonly client: RobloxClient
  readonly tracker: Tracker
  readonly publisher: Publisher
  readonly clock: Clock
  readonly logger: Logger
  /** Last-seen values of the on-change pollers. */
  readonly memory: ChangeMemory
  /** Track universes first seen in the chart sorts (DISCOVERY). */
  readonly discovery: boolean
  /** Place ids asked to be tracked (tag members); without it the tracking-requests poller does nothing. */
  readonly trackingRequests?: TrackingRequests
}

export interface PollRun {
  /** The 10-minute slot (epoch ms) this run is for; late runs still write to it. */
  readonly slot: number
  readonly signal?: AbortSignal | undefined
}

const PUBLISH_CHUNK = 1000

/** Publishes in bounded batches so one huge sweep does not sit in memory twice. */
export async function publishAll<T>(
  publisher: Publisher,
  topic: Topic<T>,
  messages: readonly T[],
): Promise<void> {
  for (let i = 0; i < messages.length; i += PUBLISH_CHUNK) {
    await publisher.publish(topic, messages.slice(i, i + PUBLISH_CHUNK))
  }
}

/** JSON with sorted keys, so the same content always gives the same text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  )
}
