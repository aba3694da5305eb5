import {
  badgesOf,
  creatorAt,
  creatorIndexOfId,
  experienceAt,
  indexOfPlace,
  indexOfUniverse,
  metadataAt,
  type PlatformModel,
  restrictedAt,
  type Sample,
  SIMULATED_SORTS,
  sampleAt,
  sortsAt,
} from '../model/index.ts'
import {
  ageRecommendationShape,
  badgeShape,
  CENSORED_GAME,
  FILTER_SORT,
  gameShape,
  placeDetailsShape,
  sortShape,
  thumbnailItem,
} from './shapes.ts'
import { decodeCursor, encodeCursor, fail, idList, iso, ok, type Reply, shuffled } from './wire.ts'

export interface RouteRequest {
  readonly model: PlatformModel
  readonly method: string
  readonly service: string
  /** Path after the service, e.g. '/v1/games'. */
  readonly path: string
  readonly query: URLSearchParams
  readonly body: unknown
  readonly hasCookie: boolean
  /** The served time: clock() snapped to the last 10-minute slot. */
  readonly slotMs: number
  readonly random: () => number
  /** Fault: leave optional fields (genres, some votes, thumbnails) out of this response. */
  readonly omit: boolean
}

// Documented as 50 since 2025, but upstream answers 100 and 2026 clients send that (roblox-api.md §16).
const GAMES_MAX = 100
const THUMBS_MAX = 100
const SORTS_PER_PAGE = 6
const BADGE_LIMITS = new Set([10, 25, 50, 100])

const notFound = (): Reply => fail(404, 0, 'NotFound')

/** Indices of known, already-created universes among ids (unknown ones are dropped, as upstream does). */
function knownUniverses(r: RouteRequest, ids: readonly number[]): number[] {
  const out: number[] = []
  for (const id of ids) {
    const i = indexOfUniverse(r.model, id)
    if (i >= 0 && experienceAt(r.model, i).createdMs <= r.slotMs) out.push(i)
  }
  return out
}

function universeIds(
  r: RouteRequest,
  max: number,
  tooManyCode: number,
  invalidCode: number,
): number[] | Reply {
  const ids = idList(r.query, 'universeIds')
  if (ids === null || ids.length === 0) return fail(400, invalidCode, 'The universe IDs are invalid.')
  if (ids.length > max) return fail(400, tooManyCode, 'Too many universe IDs were requested.')
  return ids
}

function sample(r: RouteRequest, index: number): Sample {
  return sampleAt(r.model, index, r.slotMs)
}

function games(r: RouteRequest): Reply | null {
  const p = r.path
  if (r.method !== 'GET') return null
  if (p === '/v1/games') {
    const ids = universeIds(r, GAMES_MAX, 9, 8)
    if (!Array.isArray(ids)) return ids
    // A restricted universe is not dropped: it comes back censored, id 0 and all (roblox-api.md §16).
    const data = knownUniverses(r, ids).map((i) =>
      restrictedAt(r.model, i, r.slotMs)
        ? { ...CENSORED_GAME }
        : gameShape(r.model, i, metadataAt(r.model, i, r.slotMs), sample(r, i), r.omit),
    )
    return ok({ data: shuffled(data, r.random) })
  }
  if (p === '/v1/games/votes') {
    const ids = universeIds(r, GAMES_MAX, 9, 8)
    if (!Array.isArray(ids)) return ids
    let known = knownUniverses(r, ids)
    // Fault: some entries go missing; the poller must publish null votes for them, not guess.
    if (r.omit) known = known.filter((_, k) => k % 2 === 0)
    const data = known.map((i) => {
      const s = sample(r, i)
      return { id: experienceAt(r.model, i).universeId, upVotes: s.upVotes, downVotes: s.downVotes }
    })
    return ok({ data: shuffled(data, r.random) })
  }
  if (p === '/v1/games/multiget-place-details') {
    if (!r.hasCookie) return fail(401, 0, 'Authorization has been denied for this request.')
    const ids = idList(r.query, 'placeIds')
    if (ids === null || ids.length === 0) return fail(400, 8, 'The place IDs are invalid.')
    if (ids.length > GAMES_MAX) return fail(400, 9, 'Too many place IDs were requested.')
    const data = ids
      .map((id) => indexOfPlace(r.model, id))
      .filter((i) => i >= 0 && experienceAt(r.model, i).createdMs <= r.slotMs)
      .map((i) => placeDetailsShape(r.model, i, metadataAt(r.model, i, r.slotMs)))
    return ok(shuffled(data, r.random))
  }
  const votes = /^\/v1\/games\/(\d+)\/votes$/.exec(p)
  if (votes) {
    const [i] = knownUniverses(r, [Number(votes[1])])
    if (i === undefined) return fail(400, 3, 'The universe is not voteable.')
    const s = sample(r, i)
    return ok({ id: experienceAt(r.model, i).universeId, upVotes: s.upVotes, downVotes: s.downVotes })
  }
  const favorites = /^\/v1\/games\/(\d+)\/favorites\/count$/.exec(p)
  if (favorites) {
    const [i] = knownUniverses(r, [Number(favorites[1])])
    if (i === undefined) {
      return fail(404, 2, 'The requested universe does not exist.', {
        envelope: 'field',
        field: 'universeId',
      })
    }
    return ok({ favoritesCount: sample(r, i).favorites })
  }
  return null
}

function sortsPage(r: RouteRequest): Reply {
  if (!r.query.get('sessionId')) return fail(400, 0, 'sessionId is required')
  const token = r.query.get('sortsPageToken')
  const page = token ? decodeCursor(token) : 0
  if (page === null) return fail(400, 0, 'Invalid sortsPageToken')
  const states = sortsAt(r.model, r.slotMs)
  const all: unknown[] = [FILTER_SORT, ...states]
  const slice = all
    .slice(page * SORTS_PER_PAGE, (page + 1) * SORTS_PER_PAGE)
    .map((s) =>
      s === FILTER_SORT
        ? s
        : sortShape(r.model, s as (typeof states)[number], r.slotMs, (i) => sample(r, i), r.omit),
    )
  const more = (page + 1) * SORTS_PER_PAGE < all.length
  return ok({ sorts: slice, nextSortsPageToken: more ? encodeCursor(page + 1) : null })
}

function sortContent(r: RouteRequest): Reply {
  if (!r.query.get('sessionId')) return fail(400, 0, 'sessionId is required')
  const sortId = r.query.get('sortId') ?? ''
  const state = sortsAt(r.model, r.slotMs).find((s) => s.sortId === sortId)
  if (!state) return fail(404, 0, 'Sort not found')
  return ok(sortShape(r.model, state, r.slotMs, (i) => sample(r, i), r.omit))
}

function apis(r: RouteRequest): Reply | null {
  const p = r.path
  const universe = /^\/universes\/v1\/places\/(\d+)\/universe$/.exec(p)
  if (universe && r.method === 'GET') {
    const i = indexOfPlace(r.model, Number(universe[1]))
    const known = i >= 0 && experienceAt(r.model, i).createdMs <= r.slotMs
    return ok({ universeId: known ? experienceAt(r.model, i).universeId : null })
  }
  const sorts = /^\/(explore-api|charts-api)\/v1\/(get-sorts|get-sort-content)$/.exec(p)
  if (sorts && r.method === 'GET') return sorts[2] === 'get-sorts' ? sortsPage(r) : sortContent(r)
  if (
    p === '/experience-guidelines-api/experience-guidelines/get-age-recommendation' &&
    r.method === 'POST'
  ) {
    const body = r.body as { universeId?: unknown } | null
    const id = Number(body?.universeId)
    const [i] = Number.isSafeInteger(id) ? knownUniverses(r, [id]) : []
    if (i === undefined) return fail(400, 1, 'Invalid universe id')
    return ok(ageRecommendationShape(metadataAt(r.model, i, r.slotMs).ageRating))
  }
  return null
}

function thumbIds(r: RouteRequest, key: string): number[] | Reply {
  const ids = idList(r.query, key)
  if (ids === null) return fail(400, 4, 'The requested Ids are invalid, of an invalid type or missing.')
  if (ids.length > THUMBS_MAX) return fail(400, 1, 'There are too many requested Ids.')
  return ids
}

/** Under the omit fault a third of the images are still rendering ('Pending'), as upstream sometimes says. */
function pending(r: RouteRequest, k: number): boolean {
  return r.omit && k % 3 === 0
}

type Target = { kind: 'icon' | 'banner' | 'user' | 'group'; id: number }

function targetHash(r: RouteRequest, t: Target): string | null {
  if (t.kind === 'icon' || t.kind === 'banner') {
    const [i] = knownUniverses(r, [t.id])
    if (i === undefined) return null
    const meta = metadataAt(r.model, i, r.slotMs)
    return t.kind === 'icon' ? meta.iconHash : meta.bannerHash
  }
  const c = creatorIndexOfId(r.model.creatorCount, t.kind === 'user' ? 'User' : 'Group', t.id, (k) =>
    creatorAt(r.model, k),
  )
  return c < 0 ? null : creatorAt(r.model, c).imageHash
}

function thumbnailList(r: RouteRequest, key: string, kind: Target['kind'], defaultSize: string): Reply {
  const ids = thumbIds(r, key)
  if (!Array.isArray(ids)) return ids
  const size = r.query.get('size') ?? defaultSize
  const format = r.query.get('format') ?? 'Png'
  const data: unknown[] = []
  ids.forEach((id, k) => {
    const hash = targetHash(r, { kind, id })
    if (hash !== null) data.push(thumbnailItem(id, hash, size, format, pending(r, k)))
  })
  return ok({ data: shuffled(data, r.random) })
}

const BATCH_KIND: Record<string, Target['kind']> = {
  GameIcon: 'icon',
  PlaceIcon: 'icon',
  GameThumbnail: 'banner',
  AvatarHeadShot: 'user',
  GroupIcon: 'group',
}

function thumbnails(r: RouteRequest): Reply | null {
  const p = r.path
  if (r.method === 'GET' && p === '/v1/games/icons') return thumbnailList(r, 'universeIds', 'icon', '50x50')
  if (r.method === 'GET' && p === '/v1/users/avatar-headshot')
    return thumbnailList(r, 'userIds', 'user', '48x48')
  if (r.method === 'GET' && p === '/v1/groups/icons') return thumbnailList(r, 'groupIds', 'group', '150x150')
  if (r.method === 'GET' && p === '/v1/games/multiget/thumbnails') {
    const ids = thumbIds(r, 'universeIds')
    if (!Array.isArray(ids)) return ids
    const size = r.query.get('size') ?? '768x432'
    const format = r.query.get('format') ?? 'Png'
    const data: unknown[] = []
    ids.forEach((id, k) => {
      const hash = targetHash(r, { kind: 'banner', id })
      if (hash === null) return
      const thumbId = 10_000_000_000 + (Number.parseInt(hash.slice(0, 7), 16) % 9_000_000_000)
      data.push({
        universeId: id,
        error: null,
        thumbnails: [thumbnailItem(thumbId, hash, size, format, pending(r, k))],
      })
    })
    return ok({ data: shuffled(data, r.random) })
  }
  if (r.method === 'POST' && p === '/v1/batch') {
    if (!Array.isArray(r.body)) return fail(400, 0, 'Invalid request body')
    if (r.body.length > THUMBS_MAX) return fail(400, 1, 'There are too many requested Ids.')
    const data = (
      r.body as { requestId?: string; targetId?: number; type?: string; size?: string; format?: string }[]
    ).map((q, k) => {
      const kind = BATCH_KIND[q.type ?? '']
      const targetId = Number(q.targetId)
      const hash = kind && Number.isSafeInteger(targetId) ? targetHash(r, { kind, id: targetId }) : null
      const base = { requestId: q.requestId ?? `${targetId}::${q.type}:${q.size}`, targetId }
      if (hash === null) {
        return {
          ...base,
          errorCode: 1,
          errorMessage: 'Invalid target',
          state: 'Error',
          imageUrl: null,
          version: '',
        }
      }
      return {
        ...base,
        errorCode: 0,
        errorMessage: '',
        ...thumbnailItem(targetId, hash, q.size ?? '150x150', q.format ?? 'Png', pending(r, k)),
      }
    })
    return ok({ data })
  }
  return null
}

function badges(r: RouteRequest): Reply | null {
  const m = /^\/v1\/universes\/(\d+)\/badges$/.exec(r.path)
  if (!m || r.method !== 'GET') return null
  const [i] = knownUniverses(r, [Number(m[1])])
  if (i === undefined) return fail(404, 3, 'The requested universe does not exist.')
  const limit = Number(r.query.get('limit') ?? '10')
  if (!BADGE_LIMITS.has(limit)) return fail(400, 0, 'Invalid limit')
  const cursor = r.query.get('cursor')
  const offset = cursor ? decodeCursor(cursor) : 0
  if (offset === null) return fail(400, 26, 'The cursor is invalid.')
  let all = badgesOf(r.model, i, r.slotMs)
  if (r.query.get('sortOrder') === 'Desc') all = [...all].reverse()
  const meta = metadataAt(r.model, i, r.slotMs)
  const data = all.slice(offset, offset + limit).map((b) => badgeShape(r.model, i, b, meta))
  return ok({
    previousPageCursor: offset > 0 ? encodeCursor(Math.max(0, offset - limit)) : null,
    nextPageCursor: offset + limit < all.length ? encodeCursor(offset + limit) : null,
    data,
  })
}

function creatorIndex(r: RouteRequest, kind: 'User' | 'Group', id: number): number {
  return creatorIndexOfId(r.model.creatorCount, kind, id, (k) => creatorAt(r.model, k))
}

function users(r: RouteRequest): Reply | null {
  const m = /^\/v1\/users\/(\d+)$/.exec(r.path)
  if (m && r.method === 'GET') {
    const c = creatorIndex(r, 'User', Number(m[1]))
    if (c < 0) return fail(404, 3, 'The user id is invalid.')
    const u = creatorAt(r.model, c)
    return ok({
      id: u.id,
      name: u.name,
      displayName: u.name,
      description: '',
      created: iso(u.createdMs),
      isBanned: false,
      externalAppDisplayName: null,
      hasVerifiedBadge: u.verified,
    })
  }
  if (r.path === '/v1/users' && r.method === 'POST') {
    const body = r.body as { userIds?: unknown } | null
    if (!body || !Array.isArray(body.userIds)) return fail(400, 0, 'Invalid request')
    const data = body.userIds
      .map((id) => creatorIndex(r, 'User', Number(id)))
      .filter((c) => c >= 0)
      .map((c) => {
        const u = creatorAt(r.model, c)
        return { hasVerifiedBadge: u.verified, id: u.id, name: u.name, displayName: u.name }
      })
    return ok({ data })
  }
  return null
}

function groups(r: RouteRequest): Reply | null {
  const m = /^\/v1\/groups\/(\d+)$/.exec(r.path)
  if (m && r.method === 'GET') {
    const c = creatorIndex(r, 'Group', Number(m[1]))
    if (c < 0) return fail(400, 1, 'Group is invalid or does not exist.')
    const g = creatorAt(r.model, c)
    return ok({
      id: g.id,
      name: g.name,
      description: `${g.name} makes games.`,
      owner: {
        userId: g.ownerUserId,
        username: `owner${g.ownerUserId}`,
        displayName: `owner${g.ownerUserId}`,
        hasVerifiedBadge: false,
      },
      shout: null,
      memberCount: g.memberCount,
      isBuildersClubOnly: false,
      publicEntryAllowed: true,
      hasVerifiedBadge: g.verified,
    })
  }
  if (r.path === '/v2/groups' && r.method === 'GET') {
    const ids = idList(r.query, 'groupIds')
    if (ids === null || ids.length === 0) return fail(400, 1, 'Invalid group ids')
    if (ids.length > THUMBS_MAX) return fail(400, 2, 'Too many ids')
    const data = ids
      .map((id) => creatorIndex(r, 'Group', id))
      .filter((c) => c >= 0)
      .map((c) => {
        const g = creatorAt(r.model, c)
        return {
          id: g.id,
          name: g.name,
          description: `${g.name} makes games.`,
          owner: { id: g.ownerUserId, type: 'User' },
          created: iso(g.createdMs),
          hasVerifiedBadge: g.verified,
        }
      })
    return ok({ data: shuffled(data, r.random) })
  }
  return null
}

const SERVICES: Record<string, (r: RouteRequest) => Reply | null> = {
  games,
  apis,
  thumbnails,
  badges,
  users,
  groups,
}

export const SERVICE_NAMES = Object.keys(SERVICES)

export function route(r: RouteRequest): Reply {
  const handler = SERVICES[r.service]
  return (handler ? handler(r) : null) ?? notFound()
}

/** Sorts the server serves (for documentation and tests). */
export const SERVED_SORT_IDS = SIMULATED_SORTS.map((s) => s.sortId)
