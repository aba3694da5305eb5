import { createHash } from 'node:crypto'
import {
  appDatabaseIdParam,
  flagParam,
  granularityParam,
  idListParam,
  type StatKind,
  statAggregation,
  statKind,
  statsResponse,
  statsStartMs,
  statsTable,
  TAG_STATS_START_MS,
  type TagCcuScope,
  tagCcuScope,
  timeParam,
} from '@ludex/schemas'
import type { Context } from 'koa'
import { z } from 'zod'
import { hotAnswer, hotReader } from '../../cache/hot-reads.ts'
import { keptMemberRows } from '../../cache/kept-member-rows.ts'
import type { ApiDeps } from '../../deps.ts'
import { ApiError } from '../../http/api-error.ts'
import { DATED_SERIES_HEADERS } from '../../http/response-headers.ts'
import { defineRoute } from '../../http/route.ts'
import { averageStatRows, type PlaceInfo, placeStatRows, trackedPlaces } from '../../store/stats.ts'
import { visibleTag } from '../../tags/tag-lookup.ts'
import { membersInScope } from '../../tags/tag-scope.ts'
import type { Viewer } from '../../viewer/viewer.ts'
import { type BucketRange, resolveBucketRange } from './stats-range.ts'
import { averageRow, placeRow, type StatRow } from './stats-rows.ts'

/** placeIds per call: compare pages send up to 6; larger sets (tags) go through tagId. */
export const STATS_MAX_PLACE_IDS = 50
/** A tag aggregate is recomputed at most this often unless reset-cache is given. */
const TAG_AGGREGATE_TTL_MS = 10 * 60_000

const query = z.object({
  placeIds: idListParam(STATS_MAX_PLACE_IDS)
    .optional()
    .describe(`Comma-separated place ids (at most ${STATS_MAX_PLACE_IDS}); or tagId`),
  tagId: appDatabaseIdParam
    .optional()
    .describe('A tag whose places are averaged (needs aggregation=average)'),
  granularity: granularityParam.default('day'),
  startTime: timeParam.optional(),
  endTime: timeParam.optional(),
  aggregation: statAggregation.optional(),
  includeZeros: flagParam
    .optional()
    .describe('With aggregation=average: count a place with no or zero value as 0 (default false)'),
  withPercentiles: flagParam
    .optional()
    .describe('With aggregation=average: rows carry the lower and upper quartiles'),
  scope: tagCcuScope
    .optional()
    .describe(
      'Which of the places are answered or averaged: all (default), active (players online now), ' +
        'top_five (the 5 with the most players online now)',
    ),
  'reset-cache': z.string().optional().describe('Any value: recompute a cached tag aggregate'),
})
type Query = z.output<typeof query>

function badRequest(field: string, message: string): ApiError {
  return ApiError.badRequest([{ field, message }])
}

/** The combinations the single-field schemas cannot see. */
function checkCombination(kind: StatKind, q: Query): void {
  if (q.placeIds && q.tagId !== undefined) throw badRequest('tagId', 'cannot be combined with placeIds')
  if (!q.placeIds && q.tagId === undefined) throw badRequest('placeIds', 'is required (or tagId)')
  if (q.aggregation === undefined) {
    if (q.tagId !== undefined) throw badRequest('aggregation', "must be 'average' with tagId")
    if (q.includeZeros !== undefined) throw badRequest('includeZeros', 'needs aggregation=average')
    if (q.withPercentiles !== undefined) throw badRequest('withPercentiles', 'needs aggregation=average')
  }
  if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime) {
    throw badRequest('startTime', 'must not be after endTime')
  }
  if (kind === 'likes' && q.withPercentiles) {
    throw badRequest('withPercentiles', 'is not available for likes (rows carry likes and dislikes)')
  }
}

function rangeFor(
  deps: ApiDeps,
  q: Query,
  viewer: Viewer,
  ctx: Context,
  defaultStartMs: number,
): BucketRange {
  return resolveBucketRange({
    viewer,
    nowMs: deps.now(),
    granularity: q.granularity,
    startMs: q.startTime,
    endMs: q.endTime,
    defaultStartMs,
    ctx,
  })
}

/** Stats start at the earliest creation date of the places (about 5000 days back when unknown). */
export function earliestStart(places: readonly PlaceInfo[], nowMs: number): number {
  return Math.min(...places.map((p) => statsStartMs(p.createdMs, nowMs)))
}

/** The tracked members of a tag in an Active or Top Five scope. */
async function scopedIds(deps: ApiDeps, placeIds: readonly number[], scope: TagCcuScope): Promise<number[]> {
  const tracked = await trackedPlaces(deps, placeIds)
  return membersInScope([...tracked.values()], scope).map((p) => p.placeId)
}

/** The requested ids that Ludex tracks, in the requested order; a 404 when there is none. */
async function requireTracked(deps: ApiDeps, ids: readonly number[]): Promise<PlaceInfo[]> {
  const tracked = await trackedPlaces(deps, ids)
  const places = ids.flatMap((id) => tracked.get(id) ?? [])
  if (places.length === 0) throw ApiError.notFound('None of the requested places is tracked')
  return places
}

export const statsKindRoute = defineRoute({
  method: 'GET',
  path: '/api/stats/{kind}',
  resource: 'stats',
  summary: 'Stat series of experiences, or their average (also over a tag)',
  description: [
    'One series per requested place that Ludex tracks, in the requested order; untracked ids are left',
    'out, and a 404 answers when none is tracked. Rows: ccus [time, average CCU to 1 decimal]; visits,',
    'favorites and playtime (seconds) [time, value floored]; rating [time, like ratio ×100]; likes',
    '[time, likes, -dislikes]. Time is the bucket start in epoch ms; buckets without data are absent.',
    'The start (default: the earliest creation date, about 5000 days back when unknown; tags',
    '2022-01-01T01:00:00Z) snaps to its period start; the end (default now) snaps up to 10 minutes and',
    'the bucket holding it is read whole. Only whole periods: a place’s period that began before its',
    'stored history did is left out (of averages too, a tag’s and its scopes’; with includeZeros it',
    'counts as a missing value); the period in progress is the one exception, and X-Ludex-Partial-From',
    'names its start whenever the range reaches it (leave it out of records and averages).',
    'Visitors get the last 30 days: every bucket they get starts inside them. When the start, or the',
    'period it snaps to, lies before them, the first bucket is the first period starting inside them',
    'and X-Ludex-History-Start says where.',
    'aggregation=average gives one series (place_id 0, named Average or after the tag) of the per-place',
    'values averaged per bucket: includeZeros=false (default) over the places with a non-zero value,',
    'true over all tracked places with a missing value as 0. withPercentiles=true adds the exact lower',
    'and upper quartiles of those values. scope picks the places answered or averaged: all (default)',
    'every tracked one; active those with players online now (above 0); top_five the 5 with the most',
    'players online now (ties: lower place id first; fewer when there are fewer); none in scope answers',
    'no series.',
    'tagId averages a tag’s tracked experiences (the curated tags for everyone; a personal tag for its',
    'owner and editors; 404 otherwise, like an unknown tag), from 2022-01-01T01:00:00Z by default. Its',
    'aggregates are cached per set of experiences averaged, so a change of the tag’s experiences is',
    'never answered from its old ones; reset-cache recomputes. Answers with tagId are not stored by',
    'browsers (Cache-Control: no-store), since they follow the tag’s edits.',
    'A 400 names the parameter when a rule between them is broken: placeIds or tagId, not both;',
    'tagId, includeZeros and withPercentiles only with aggregation=average; no withPercentiles',
    'for likes; a startTime after endTime.',
  ].join(' '),
  params: z.object({ kind: statKind }),
  query,
  response: statsResponse,
  csv: statsTable,
  responseHeaders: {
    // The same two for a tag's average: its last bucket may be in progress, and a visitor's start moves.
    ...DATED_SERIES_HEADERS,
    'Cache-Control': {
      description:
        'max-age=60 (private for a signed-in viewer, public for a visitor); no-store with tagId, since a ' +
        'tag’s average follows its edits.',
    },
  },
  errors: [404],
  maxAgeSeconds: (q) => (q.tagId === undefined ? 60 : 0),
  handler: async ({ params, query: q, viewer, deps, ctx }) => {
    const kind = params.kind
    checkCombination(kind, q)
    const nowMs = deps.now()
    const g = q.granularity

    if (q.tagId !== undefined) {
      const tag = await visibleTag(deps, viewer, q.tagId)
      const range = rangeFor(deps, q, viewer, ctx, TAG_STATS_START_MS)
      const includeZeros = q.includeZeros ?? false
      const withPercentiles = q.withPercentiles ?? false
      const scope = q.scope ?? 'all'
      // Active and Top Five follow the players online now, so their members are chosen before the cache.
      const chosen = scope === 'all' ? null : await scopedIds(deps, tag.placeIds, scope)
      // The members averaged are part of the key: a tag whose experiences changed (or whose Active or
      // Top Five did) never reads an aggregate of its old ones (part 2 §4).
      const members = createHash('sha1')
        .update((chosen ?? tag.placeIds).join(','))
        .digest('base64url')
      const key = [
        'stats:tag',
        kind,
        tag.id,
        g,
        range.fromMs,
        range.toMs,
        range.inProgressMs,
        includeZeros,
        withPercentiles,
        scope,
        members,
      ].join(':')
      const data = await deps.cache.get(
        key,
        TAG_AGGREGATE_TTL_MS,
        async () => {
          // Untracked members have no rows, the zeros' divisor counts tracked ones only, and each one's
          // part-period before its history is left out. The members' rows are kept per member (hot
          // reads): a reset recomputes the aggregate from them, and reads only the members not kept.
          const average = {
            granularity: g,
            placeIds: chosen ?? tag.placeIds,
            ...range,
            includeZeros,
            withPercentiles,
          }
          const rows = await averageStatRows(deps, kind, average, keptMemberRows(deps, viewer, average))
          return rows.map((r) => averageRow(kind, r))
        },
        { reset: q['reset-cache'] !== undefined },
      )
      return { stat: kind, series: [{ place_id: 0, name: tag.name, data }] }
    }

    // The places' own series are the pages' hot reads: kept per rollup watermark and kind of viewer.
    const store = hotReader(deps, viewer)
    const tracked = await requireTracked(store, q.placeIds ?? [])
    // The scope's places, in the requested order.
    const inScope = new Set(membersInScope(tracked, q.scope ?? 'all').map((p) => p.placeId))
    const places = tracked.filter((p) => inScope.has(p.placeId))
    if (places.length === 0) return { stat: kind, series: [] }
    const range = rangeFor(deps, q, viewer, ctx, earliestStart(places, nowMs))
    const placeIds = places.map((p) => p.placeId)
    // The answer too, keyed by everything it is made of (the range as resolved, the places and names).
    const key = [
      'stats',
      kind,
      g,
      range.fromMs,
      range.toMs,
      range.inProgressMs,
      q.aggregation ?? null,
      q.includeZeros ?? false,
      q.withPercentiles ?? false,
      ...places.flatMap((p) => [p.placeId, p.name]),
    ] as const
    return hotAnswer(deps, viewer, key, async (kept) => {
      if (q.aggregation === 'average') {
        const rows = await averageStatRows(kept, kind, {
          granularity: g,
          placeIds,
          ...range,
          includeZeros: q.includeZeros ?? false,
          withPercentiles: q.withPercentiles ?? false,
        })
        const data = rows.map((r) => averageRow(kind, r))
        return { stat: kind, series: [{ place_id: 0, name: 'Average', data }] }
      }
      const rows = await placeStatRows(kept, kind, { granularity: g, placeIds, ...range })
      const byPlace = new Map<number, StatRow[]>(placeIds.map((id) => [id, []]))
      for (const r of rows) byPlace.get(r.placeId)?.push(placeRow(kind, r))
      return {
        stat: kind,
        series: places.map((p) => ({
          place_id: p.placeId,
          name: p.name,
          data: byPlace.get(p.placeId) ?? [],
        })),
      }
    })
  },
})
