import type { AnchorZoom } from '@ludex/schemas'
import { isSetDate } from '../experience/format.ts'

/*
 * Align by launch (issue 16.4): /compare/experiences can plot each experience against days since its
 * launch (its release date, or its creation when the release is unset) instead of calendar time, so a
 * new game is held against how its rivals started. The address keeps the toggle in the query
 * (?align=launch), since the hash takes only the spec's keys. The range buttons then choose how many
 * days after launch are shown (1w: the first 7 days; All: everything so far).
 */

const DAY_MS = 86_400_000

export const ALIGN_PARAM = 'align'
export const ALIGN_LAUNCH = 'launch'

/** Whether the address asks for alignment by launch. */
export function isAlignedByLaunch(search: URLSearchParams): boolean {
  return search.get(ALIGN_PARAM) === ALIGN_LAUNCH
}

/** The query string with the toggle set or cleared, other parameters kept. */
export function withAlignment(search: URLSearchParams, on: boolean): string {
  const next = new URLSearchParams(search)
  if (on) next.set(ALIGN_PARAM, ALIGN_LAUNCH)
  else next.delete(ALIGN_PARAM)
  const text = next.toString()
  return text === '' ? '' : `?${text}`
}

/** An experience's launch: its release date when set, else its creation (epoch ms); null when neither is. */
export function launchOf(e: { readonly released: string; readonly created: string }): number | null {
  for (const date of [e.released, e.created]) {
    if (isSetDate(date)) return Date.parse(date)
  }
  return null
}

/** A time as days since a launch, to a hundredth of a day. */
export function alignedX(timeMs: number, launchMs: number): number {
  return Math.round(((timeMs - launchMs) / DAY_MS) * 100) / 100
}

export interface LaunchAlignment {
  /** Each experience's launch, by place id (those without one are not drawn aligned). */
  readonly launchMs: ReadonlyMap<number, number>
  /** Where the data starts: the earliest launch. */
  readonly fromMs: number
  /** How many days after launch the range shows (null: All). */
  windowDays(target: AnchorZoom | null): number | null
  /** Where the data ends: the latest launch plus the window (undefined: now). */
  toMs(target: AnchorZoom | null): number | undefined
}

/** The alignment of some experiences, or null when none has a launch date. */
export function launchAlignment(launches: ReadonlyMap<number, number>): LaunchAlignment | null {
  if (launches.size === 0) return null
  const all = [...launches.values()]
  const latest = Math.max(...all)
  const windowDays = (target: AnchorZoom | null) =>
    target ? Math.round((target.max - target.min) / DAY_MS) : null
  return {
    launchMs: launches,
    fromMs: Math.min(...all),
    windowDays,
    toMs: (target) => {
      const days = windowDays(target)
      return days === null ? undefined : latest + days * DAY_MS
    },
  }
}
