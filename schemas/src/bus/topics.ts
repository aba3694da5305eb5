import type { z } from 'zod'
import { type ChartSortSnapshotV1, chartSortSnapshotV1 } from './chart-sort.ts'
import { type CreatorV1, creatorV1 } from './creator.ts'
import { type DailyPicksV1, dailyPicksV1 } from './daily-picks.ts'
import { type DeadLetterV1, deadLetterV1 } from './dead-letter.ts'
import { type GameEventV1, gameEventV1 } from './game-event.ts'
import { type PlaceMetadataV1, placeMetadataV1 } from './place-metadata.ts'
import { type PlaceSnapshotV1, placeSnapshotV1 } from './place-snapshot.ts'
import { type PlatformTotalsV1, platformTotalsV1 } from './platform-totals.ts'
import { type ErrorReportV1, errorReportV1, type SiteEventV1, siteEventV1 } from './site-event.ts'

/** A bus topic: its name, the schema both sides validate with, and how a message is keyed. */
export interface Topic<T> {
  readonly name: string
  readonly schema: z.ZodType<T>
  /** Messages with the same key stay in order (one experience's messages: key = universe id). */
  readonly key: (message: T) => string
}

export const topics = {
  snapshots: {
    name: 'snapshots.v1',
    schema: placeSnapshotV1,
    key: (m) => String(m.universe_id),
  } satisfies Topic<PlaceSnapshotV1>,
  metadata: {
    name: 'place-metadata.v1',
    schema: placeMetadataV1,
    key: (m) => String(m.universe_id),
  } satisfies Topic<PlaceMetadataV1>,
  charts: {
    name: 'chart-sorts.v1',
    schema: chartSortSnapshotV1,
    key: (m) => m.sort_id,
  } satisfies Topic<ChartSortSnapshotV1>,
  dailyPicks: {
    name: 'daily-picks.v1',
    schema: dailyPicksV1,
    key: (m) => m.date,
  } satisfies Topic<DailyPicksV1>,
  platform: {
    name: 'platform-totals.v1',
    schema: platformTotalsV1,
    key: () => 'platform',
  } satisfies Topic<PlatformTotalsV1>,
  creators: {
    name: 'creators.v1',
    schema: creatorV1,
    key: (m) => `${m.creator_type}:${m.creator_id}`,
  } satisfies Topic<CreatorV1>,
  /** Events game servers sent through POST /api/events, keyed by place (order per experience). */
  gameEvents: {
    name: 'game-events.v1',
    schema: gameEventV1,
    key: (m) => String(m.place_id),
  } satisfies Topic<GameEventV1>,
  /** First-party page views and sign-ups (POST /api/analytics/events); no order needed, spread by id. */
  siteEvents: {
    name: 'site-events.v1',
    schema: siteEventV1,
    key: (m) => m.id,
  } satisfies Topic<SiteEventV1>,
  /** Browser error reports (POST /api/errors), spread by id. */
  errorReports: {
    name: 'error-reports.v1',
    schema: errorReportV1,
    key: (m) => m.id,
  } satisfies Topic<ErrorReportV1>,
  deadLetter: {
    name: 'dead-letter.v1',
    schema: deadLetterV1,
    key: (m) => m.topic,
  } satisfies Topic<DeadLetterV1>,
} as const

export type TopicName = (typeof topics)[keyof typeof topics]['name']
