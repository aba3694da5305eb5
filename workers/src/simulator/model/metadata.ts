import { DAY_MS, Stream } from './constants.ts'
import type { AgeRating, ReasonProhibited } from './experience.ts'
import { experienceAt, latestUpdate, type PlatformModel, updateTime } from './platform.ts'
import { hash32, hex8, pick, unit } from './prng.ts'
import { EVENT_TAGS } from './vocabulary.ts'

const EVENT_NAME_MS = 14 * DAY_MS
const ICON_CHANGE = 0.35
const BANNER_CHANGE = 0.5

/** What the games, thumbnails, place-details and age endpoints show for an experience at a time. */
export interface ExperienceMetadata {
  readonly name: string
  readonly description: string
  /** Robux; 0 = free (served as null). */
  readonly price: number
  readonly iconHash: string
  readonly bannerHash: string
  readonly reasonProhibited: ReasonProhibited
  readonly ageRating: AgeRating
  readonly createdMs: number
  readonly updatedMs: number
  readonly maxPlayers: number
  readonly genreL1: string
  readonly genreL2: string
  readonly creatorIndex: number
}

function hasEventName(model: PlatformModel, index: number, k: number): boolean {
  return unit(model.seed, index, Stream.EventName, k) < 0.15
}

/** 32 hex digits naming image version k (k = -1 is the image the experience launched with). */
function imageHash(model: PlatformModel, index: number, stream: number, k: number): string {
  const s = model.seed
  return (
    hex8(hash32(s, index, stream, k + 1)) +
    hex8(hash32(s, index, stream + 100, k + 1)) +
    hex8(hash32(s, index, stream + 200, k + 1)) +
    hex8(hash32(s, index, stream + 300, k + 1))
  )
}

/** The last update at or before update k that changed this image, or -1 for the launch image. */
function lastImageChange(
  model: PlatformModel,
  index: number,
  stream: number,
  probability: number,
  k: number,
): number {
  for (let j = k; j >= 0 && j > k - 400; j--) {
    if (unit(model.seed, index, stream, j) < probability) return j
  }
  return -1
}

function lastOf<T extends { readonly fromMs: number }>(periods: readonly T[], t: number): T {
  let found = periods[0]
  for (const period of periods) if (period.fromMs <= t) found = period
  if (!found) throw new RangeError('empty period list')
  return found
}

export function metadataAt(model: PlatformModel, index: number, t: number): ExperienceMetadata {
  const p = experienceAt(model, index)
  const k = latestUpdate(model, p, t)
  const eventLive = k >= 0 && hasEventName(model, index, k) && t - updateTime(model, p, k) < EVENT_NAME_MS
  const name = eventLive
    ? `[${pick(EVENT_TAGS, unit(model.seed, index, Stream.EventName + 500, k))}] ${p.baseName}`
    : p.baseName
  return {
    name,
    description: p.description,
    price: lastOf(p.prices, t).price,
    iconHash: imageHash(
      model,
      index,
      Stream.Icon,
      lastImageChange(model, index, Stream.Icon, ICON_CHANGE, k),
    ),
    bannerHash: imageHash(
      model,
      index,
      Stream.Banner,
      lastImageChange(model, index, Stream.Banner, BANNER_CHANGE, k),
    ),
    reasonProhibited: t >= p.privateFromMs ? 'Private' : p.baseStatus,
    ageRating: lastOf(p.ageRatings, t).rating,
    createdMs: p.createdMs,
    updatedMs: k >= 0 ? updateTime(model, p, k) : p.createdMs,
    maxPlayers: p.maxPlayers,
    genreL1: p.genreL1,
    genreL2: p.genreL2,
    creatorIndex: p.creatorIndex,
  }
}

/**
 * The earliest time after t at which metadataAt may change (next update, end of an event name, price or
 * rating change, going private); Infinity when nothing more is scheduled. Lets the history generator look
 * at metadata only when it can differ.
 */
export function nextMetadataChange(model: PlatformModel, index: number, t: number): number {
  const p = experienceAt(model, index)
  let next = Number.POSITIVE_INFINITY
  const k = latestUpdate(model, p, t)
  const nextUpdate = updateTime(model, p, k + 1)
  if (nextUpdate <= p.deathDay * DAY_MS && nextUpdate > t) next = nextUpdate
  if (k >= 0 && hasEventName(model, index, k)) {
    const end = updateTime(model, p, k) + EVENT_NAME_MS
    if (end > t && end < next) next = end
  }
  for (const period of p.prices) if (period.fromMs > t && period.fromMs < next) next = period.fromMs
  for (const period of p.ageRatings) if (period.fromMs > t && period.fromMs < next) next = period.fromMs
  if (p.privateFromMs > t && p.privateFromMs < next) next = p.privateFromMs
  return next
}
