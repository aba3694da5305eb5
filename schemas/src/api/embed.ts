import { UNSIGNED_HISTORY_DAYS } from '../constants/limits.ts'
import type { Granularity, StatKind } from '../constants/stats.ts'
import type { EmbedBadgeQuery, EmbedSparklineQuery } from './embed-query.ts'

/*
 * The embeddable images (issue 21): a live badge and a sparkline per experience, served outside /api at
 * /embed/{place_id}/… for READMEs, wikis and forums. Embeds are anonymous (an image in another site's
 * page carries no session), so what they show stays inside the visitors' 30-day window.
 */

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** The badge's looks, after the usual README badge styles. */
export const EMBED_BADGE_STYLES = ['flat', 'flat-square', 'plastic'] as const
export type EmbedBadgeStyle = (typeof EMBED_BADGE_STYLES)[number]

export const EMBED_THEMES = ['light', 'dark'] as const
export type EmbedTheme = (typeof EMBED_THEMES)[number]

/** The series a sparkline can draw (one value per bucket; likes, two per bucket, are left out). */
export const EMBED_SPARKLINE_STATS = [
  'ccus',
  'visits',
  'favorites',
  'rating',
] as const satisfies readonly StatKind[]
export type EmbedSparklineStat = (typeof EMBED_SPARKLINE_STATS)[number]

/** What a sparkline's stat reads as in its text alternative. */
export const EMBED_STAT_LABELS: Readonly<Record<EmbedSparklineStat, string>> = {
  ccus: 'players online',
  visits: 'visits',
  favorites: 'favorites',
  rating: 'like %',
}

/** A sparkline's ranges: how far back it reaches and the buckets it draws. None beyond the visitor window. */
export const EMBED_RANGES = {
  '24h': { ms: DAY_MS, granularity: 'hour', label: 'the last 24 hours' },
  '7d': { ms: 7 * DAY_MS, granularity: 'hour', label: 'the last 7 days' },
  '30d': { ms: UNSIGNED_HISTORY_DAYS * DAY_MS, granularity: 'day', label: 'the last 30 days' },
} as const satisfies Record<string, { ms: number; granularity: Granularity; label: string }>
export type EmbedRange = keyof typeof EMBED_RANGES
export const EMBED_RANGE_NAMES = Object.keys(EMBED_RANGES) as EmbedRange[]

const RANGE_UNIT_MS: Readonly<Record<string, number>> = {
  h: HOUR_MS,
  d: DAY_MS,
  w: 7 * DAY_MS,
  m: 30 * DAY_MS,
  y: 365 * DAY_MS,
}

/** The 400's words for a range that is not one of EMBED_RANGES: a longer one is told why. */
export function embedRangeMessage(input: unknown): string {
  const allowed = EMBED_RANGE_NAMES.join(', ')
  const match = typeof input === 'string' ? /^(\d{1,6})([hdwmy])$/.exec(input) : null
  if (match && Number(match[1]) * (RANGE_UNIT_MS[match[2] as string] ?? 0) > EMBED_RANGES['30d'].ms) {
    return `embeds are anonymous and show at most the last ${UNSIGNED_HISTORY_DAYS} days (the visitors' window): use one of ${allowed}`
  }
  return `must be one of ${allowed}`
}

/** Where an experience's badge is served (relative to the site); options equal to the defaults are left out. */
export function embedBadgePath(placeId: number, options: Partial<EmbedBadgeQuery> = {}): string {
  const query = new URLSearchParams()
  if (options.style && options.style !== 'flat') query.set('style', options.style)
  if (options.theme && options.theme !== 'light') query.set('theme', options.theme)
  const text = query.toString()
  return `/embed/${placeId}/badge.svg${text ? `?${text}` : ''}`
}

/** Where an experience's sparkline is served; stat and range are always named (the snippet says what it draws). */
export function embedSparklinePath(placeId: number, options: Partial<EmbedSparklineQuery> = {}): string {
  const query = new URLSearchParams({ stat: options.stat ?? 'ccus', range: options.range ?? '7d' })
  if (options.theme && options.theme !== 'light') query.set('theme', options.theme)
  return `/embed/${placeId}/sparkline.svg?${query}`
}
