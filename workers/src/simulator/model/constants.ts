export const SLOT_MS = 600_000
export const DAY_MS = 86_400_000
export const SLOTS_PER_DAY = 144
export const HOUR_MS = 3_600_000

/** Default epoch: popularity and trends are expressed relative to this day; visits are walked from it. */
export const DEFAULT_EPOCH_MS = Date.UTC(2026, 0, 1)

/** Random streams: one per independent quantity, so adding a stream never changes another's values. */
export const Stream = {
  Created: 1,
  Popularity: 2,
  Session: 3,
  Zone: 4,
  Like: 5,
  Favorite: 6,
  VoteRate: 7,
  Ramp: 8,
  Boost: 9,
  Trend: 10,
  Decline: 11,
  DeclineStart: 12,
  Death: 13,
  DeathDay: 14,
  UpdatePeriod: 15,
  UpdateJitter: 16,
  Viral: 17,
  ViralProb: 18,
  ViralSize: 19,
  ViralTau: 20,
  Noise: 21,
  Wobble: 22,
  Genre: 23,
  SubGenre: 24,
  Name: 25,
  Creator: 26,
  MaxPlayers: 27,
  Price: 28,
  PriceChange: 29,
  Status: 30,
  Age: 31,
  AgeChange: 32,
  Icon: 33,
  Banner: 34,
  EventName: 35,
  Amplitude: 36,
  UniverseId: 37,
  PlaceId: 38,
  Extra: 39,
  Badge: 40,
  Picks: 41,
  Sponsored: 42,
  CreatorType: 43,
  CreatorId: 44,
  CreatorVerified: 45,
  CreatorMembers: 46,
  CreatorName: 47,
  Describe: 48,
} as const
