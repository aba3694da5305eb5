import {
  contentMaturity,
  messageIdOf,
  type PlaceAgeRatingChange,
  SCHEMA_VERSION,
  topics,
} from '@ludex/schemas'
import type { z } from 'zod'
import type { AgeRecommendation } from '../roblox/client.ts'
import { PendingChanges } from './change-memory.ts'
import { type PollerDeps, type PollRun, publishAll } from './deps.ts'

type Maturity = z.infer<typeof contentMaturity>

/** Not Rated when upstream has no recommendation; an unknown maturity label also reads as unrated. */
export function ageRatingOf(rec: AgeRecommendation): { age_limit: number | null; maturity: Maturity } {
  if (rec.minimumAge === null) return { age_limit: null, maturity: 'unrated' }
  const maturity = contentMaturity.safeParse(rec.contentMaturity?.toLowerCase())
  return { age_limit: rec.minimumAge, maturity: maturity.success ? maturity.data : 'unrated' }
}

export interface AgeRatingsPollResult {
  readonly changes: number
  readonly failed: number
}

/** Daily: the age recommendation of every tracked experience (one call each), published on change. */
export async function pollAgeRatings(deps: PollerDeps, run: PollRun): Promise<AgeRatingsPollResult> {
  const { client, tracker, publisher, clock, logger, memory } = deps
  const tracked = tracker.list()
  const keyOf = (universeId: number) => `age:${universeId}`
  const pending = await PendingChanges.recall(
    memory,
    tracked.map((t) => keyOf(t.universeId)),
  )
  const changes: PlaceAgeRatingChange[] = []
  let failed = 0
  await Promise.all(
    tracked.map(async (t) => {
      let rec: AgeRecommendation
      try {
        rec = await client.getAgeRecommendation(t.universeId, { signal: run.signal })
      } catch (err) {
        failed++
        logger.warn({ err, universeId: t.universeId }, 'age recommendation failed')
        return
      }
      const rating = ageRatingOf(rec)
      const text = `${rating.age_limit ?? 'null'}:${rating.maturity}`
      if (!pending.offer(keyOf(t.universeId), text)) return
      changes.push({
        schema_version: SCHEMA_VERSION,
        id: messageIdOf(t.universeId, 'age_rating', text),
        universe_id: t.universeId,
        place_id: t.placeId,
        observed_at: clock.now(),
        change: 'age_rating',
        ...rating,
      })
    }),
  )
  await publishAll(publisher, topics.metadata, changes)
  await pending.commit()
  logger.info({ slot: run.slot, changes: changes.length, failed }, 'age ratings polled')
  return { changes: changes.length, failed }
}
