import type { DailyPicksEvent } from '@ludex/schemas'

/** The daily picks texts of part 2 §6 and §8, verbatim. */
export const NO_NEW_DAILY_PICKS_YET = 'No New Daily Picks Yet'
export const NO_DAILY_PICKS_DURING_PERIOD = 'No daily picks during this period'
export const SIGN_UP_FOR_OLDER_PICKS = 'Sign up to access daily picks beyond 30 days'

/** An empty day inside one of the platform's events names it (the spec leaves the wording open). */
export function eventMessage(event: DailyPicksEvent): string {
  return `No daily picks during ${event.name}`
}
