import { BRANDED_NAMES } from '@ludex/schemas'
import { DAY_MS, Stream } from './constants.ts'
import { hash32, pick, pickWeighted, unit } from './prng.ts'
import {
  AUDIENCE_ZONES,
  BRAND_PLACE_WORDS,
  GENRES,
  NAME_ADJECTIVES,
  NAME_NOUNS,
  NAME_SUFFIXES,
} from './vocabulary.ts'

export type Maturity = 'minimal' | 'mild' | 'moderate' | 'restricted' | 'unrated'
export type ReasonProhibited = 'None' | 'GuestProhibited' | 'Unapproved' | 'Private' | 'UnderReview'

export interface AgeRating {
  /** null = not rated. */
  readonly minimumAge: number | null
  readonly maturity: Maturity
}

/** What never changes about an experience (or changes only at the times it lists). */
export interface ExperienceParams {
  readonly index: number
  readonly universeId: number
  readonly rootPlaceId: number
  readonly baseName: string
  readonly description: string
  readonly creatorIndex: number
  readonly genreL1: string
  readonly genreL2: string
  readonly createdMs: number
  readonly createdDay: number
  /** First UTC day with players (the day after creation). */
  readonly startDay: number
  /** First UTC day with no players at all; Infinity when it never dies. */
  readonly deathDay: number
  readonly maxPlayers: number
  /** CCU scale at the epoch, before cycles and lifecycle; heavy-tailed. */
  readonly popularity: number
  /** True mean session length in minutes: visits grow as playing-time ÷ this. */
  readonly sessionMinutes: number
  readonly zoneSlots: number
  readonly amplitudeLevel: number
  readonly likeRatio: number
  readonly favoriteRatio: number
  readonly voteRate: number
  readonly rampDays: number
  readonly launchBoost: number
  readonly trendRate: number
  readonly declineStartDay: number
  readonly declineDays: number
  readonly updatePeriodMs: number
  readonly viralProbability: number
  /** Price periods in time order; the first starts at creation. Robux; 0 = free. */
  readonly prices: readonly { readonly fromMs: number; readonly price: number }[]
  readonly baseStatus: ReasonProhibited
  /** Dead experiences that go private do so at this time; Infinity otherwise. */
  readonly privateFromMs: number
  readonly ageRatings: readonly { readonly fromMs: number; readonly rating: AgeRating }[]
  /** Multipliers for the earning / revisit sorts; flag for the subscription sort. */
  readonly earning: number
  readonly revisit: number
  readonly subscription: boolean
}

const YEAR_MS = 365 * DAY_MS

const AGE_RATINGS: readonly (readonly [AgeRating, number])[] = [
  [{ minimumAge: 0, maturity: 'minimal' }, 40],
  [{ minimumAge: 9, maturity: 'mild' }, 30],
  [{ minimumAge: 13, maturity: 'moderate' }, 14],
  [{ minimumAge: 17, maturity: 'restricted' }, 4],
  [{ minimumAge: null, maturity: 'unrated' }, 12],
]

const STATUSES: readonly (readonly [ReasonProhibited, number])[] = [
  ['None', 93],
  ['Private', 3],
  ['UnderReview', 1.5],
  ['Unapproved', 1],
  ['GuestProhibited', 1.5],
]

/** Universe ids and root place ids live in disjoint ranges, one stride per index, so both map back. */
export const UNIVERSE_BASE = 1_000_000
export const UNIVERSE_STRIDE = 19_000
export const PLACE_BASE = 2_000_000_000
export const PLACE_STRIDE = 1_000_000

export function universeIdOf(seed: number, index: number): number {
  return UNIVERSE_BASE + index * UNIVERSE_STRIDE + (hash32(seed, index, Stream.UniverseId) % UNIVERSE_STRIDE)
}

export function rootPlaceIdOf(seed: number, index: number): number {
  return PLACE_BASE + index * PLACE_STRIDE + (hash32(seed, index, Stream.PlaceId) % PLACE_STRIDE)
}

/** About one experience in fifty is a brand's (the genre mapping's curated list names it). */
const BRANDED_SHARE = 0.02

function brandedName(uBrand: number, uPlace: number): string {
  const brand = pick(BRANDED_NAMES, uBrand)
  return brand.includes(' ') ? brand : `${brand} ${pick(BRAND_PLACE_WORDS, uPlace)}`
}

export function buildExperience(
  seed: number,
  index: number,
  epochMs: number,
  creatorCount: number,
): ExperienceParams {
  const u = (stream: number, k = 0) => unit(seed, index, stream, k)
  const epochDay = Math.floor(epochMs / DAY_MS)

  // Most experiences predate the epoch by up to seven years; about one in ten launches around or after it.
  const launchLate = u(Stream.Created, 1) < 0.1
  const createdMs = launchLate
    ? Math.floor(epochMs - 60 * DAY_MS + u(Stream.Created) * (1.2 * YEAR_MS))
    : Math.floor(epochMs - 60 * DAY_MS - u(Stream.Created) ** 0.8 * 7 * YEAR_MS)
  const createdDay = Math.floor(createdMs / DAY_MS)
  const startDay = createdDay + 1

  // Pareto-like tail with a soft cap: a few giants near 1M CCU, a long tail near zero.
  const raw = 30 * (Math.max(1e-9, u(Stream.Popularity)) ** -1.3 - 1)
  const popularity = (raw * 1_500_000) / (raw + 1_500_000)

  const dies = u(Stream.Death) < 0.12
  const deathDay = dies
    ? Math.floor(startDay + 30 + u(Stream.DeathDay) * Math.max(10, epochDay + 400 - startDay - 30))
    : Number.POSITIVE_INFINITY

  const [genreL1, subs] = pickWeighted(
    GENRES.map((g) => [[g[0], g[1]] as const, g[2]] as const),
    u(Stream.Genre),
  )
  const genreL2 = subs.length > 0 ? pick(subs, u(Stream.SubGenre)) : ''

  const nameHash = hash32(seed, index, Stream.Name)
  const baseName =
    u(Stream.Name, 2) < BRANDED_SHARE
      ? brandedName(u(Stream.Name, 3), u(Stream.Name, 4))
      : `${pick(NAME_ADJECTIVES, (nameHash & 0xffff) / 65536)} ${pick(NAME_NOUNS, (nameHash >>> 16) / 65536)}${pick(NAME_SUFFIXES, u(Stream.Name, 1))}`

  const paid = u(Stream.Price) < 0.07
  const firstPrice = paid ? pick([25, 49, 50, 75, 99, 100, 149, 199, 250, 499], u(Stream.Price, 1)) : 0
  const prices: { fromMs: number; price: number }[] = [{ fromMs: createdMs, price: firstPrice }]
  if (u(Stream.PriceChange) < (paid ? 0.5 : 0.04)) {
    const at = Math.floor(createdMs + u(Stream.PriceChange, 1) * (epochMs + YEAR_MS - createdMs))
    const next = firstPrice === 0 ? 99 : u(Stream.PriceChange, 2) < 0.3 ? 0 : Math.round(firstPrice * 1.5)
    prices.push({ fromMs: at, price: next })
  }

  const rating = pickWeighted(AGE_RATINGS, u(Stream.Age))
  const ageRatings: { fromMs: number; rating: AgeRating }[] = [{ fromMs: createdMs, rating }]
  if (u(Stream.AgeChange) < 0.05) {
    const at = Math.floor(createdMs + u(Stream.AgeChange, 1) * (epochMs + YEAR_MS - createdMs))
    ageRatings.push({ fromMs: at, rating: pickWeighted(AGE_RATINGS, u(Stream.AgeChange, 2)) })
  }

  const decline = u(Stream.Decline) < 0.4
  const creatorU = u(Stream.Creator)
  return {
    index,
    universeId: universeIdOf(seed, index),
    rootPlaceId: rootPlaceIdOf(seed, index),
    baseName,
    description: `${baseName}: a ${(genreL2 || genreL1).toLowerCase()} experience. Like and favorite for updates!`,
    // Skewed so that early creators own many experiences and most own a few.
    creatorIndex: Math.min(creatorCount - 1, Math.floor(creatorCount * creatorU ** 1.6)),
    genreL1,
    genreL2,
    createdMs,
    createdDay,
    startDay,
    deathDay,
    maxPlayers: pick([6, 8, 10, 12, 16, 20, 24, 30, 40, 50, 100], u(Stream.MaxPlayers)),
    popularity,
    sessionMinutes: 5 + 35 * u(Stream.Session) ** 1.3,
    zoneSlots: pickWeighted(AUDIENCE_ZONES, u(Stream.Zone)),
    amplitudeLevel: Math.floor(u(Stream.Amplitude) * 4),
    likeRatio: 0.6 + 0.35 * u(Stream.Like) ** 0.7,
    favoriteRatio: 0.002 + 0.02 * u(Stream.Favorite),
    voteRate: 0.001 + 0.006 * u(Stream.VoteRate),
    rampDays: 1 + 25 * u(Stream.Ramp),
    launchBoost: u(Stream.Boost) < 0.3 ? 3 * u(Stream.Boost, 1) : 0,
    trendRate: 0.8 * (u(Stream.Trend) + u(Stream.Trend, 1) - 1),
    declineStartDay: decline
      ? Math.floor(startDay + 60 + u(Stream.DeclineStart) * 3 * 365)
      : Number.POSITIVE_INFINITY,
    declineDays: 120 + 600 * u(Stream.DeclineStart, 1),
    updatePeriodMs: Math.floor((4 + 26 * u(Stream.UpdatePeriod)) * DAY_MS),
    viralProbability: 0.12 * u(Stream.ViralProb) ** 2,
    prices,
    baseStatus: pickWeighted(STATUSES, u(Stream.Status)),
    privateFromMs:
      dies && u(Stream.Status, 1) < 0.4 ? deathDay * DAY_MS + 30 * DAY_MS : Number.POSITIVE_INFINITY,
    ageRatings,
    earning: 0.2 + 2 * u(Stream.Extra) ** 2,
    revisit: 0.3 + u(Stream.Extra, 1),
    subscription: u(Stream.Extra, 2) < 0.05,
  }
}
