/**
 * Platform events during which a day without daily picks gets an event message (part 2 §8). Dates are
 * inclusive UTC days; the messages' wording is not in the spec.
 */
export const DAILY_PICKS_EVENTS = [
  { name: 'The Haunt', from: '2024-10-24', to: '2024-11-02' },
  { name: 'Winter Spotlight', from: '2024-12-17', to: '2025-01-02' },
  { name: 'The Hunt', from: '2025-03-14', to: '2025-03-24' },
] as const

export type DailyPicksEvent = (typeof DAILY_PICKS_EVENTS)[number]

/** The event covering a day ('YYYY-MM-DD'), or null. ISO dates compare correctly as strings. */
export function dailyPicksEventOn(day: string): DailyPicksEvent | null {
  return DAILY_PICKS_EVENTS.find((e) => e.from <= day && day <= e.to) ?? null
}
