export * from './badges.ts'
export { DAY_MS, DEFAULT_EPOCH_MS, HOUR_MS, SLOT_MS, SLOTS_PER_DAY } from './constants.ts'
export { type CreatorKind, type CreatorParams, creatorIndexOfId } from './creator.ts'
export { exchangeRatesAt } from './exchange-rates.ts'
export type { AgeRating, ExperienceParams, Maturity, ReasonProhibited } from './experience.ts'
export { indexOfPlace, indexOfUniverse } from './lookup.ts'
export * from './metadata.ts'
export { dailyPicksFor, dayOf } from './picks.ts'
export {
  createPlatformModel,
  creatorAt,
  existsAt,
  experienceAt,
  fillSample,
  MAX_EXPERIENCES,
  type PlatformModel,
  type PlatformModelOptions,
  type Sample,
  sampleAt,
  snapSlot,
} from './platform.ts'
export * from './restriction.ts'
export * from './sorts.ts'
