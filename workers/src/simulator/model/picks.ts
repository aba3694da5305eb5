import { DAY_MS, Stream } from './constants.ts'
import { experienceAt, type PlatformModel } from './platform.ts'
import { hash32 } from './prng.ts'

/** UTC day number of a 'YYYY-MM-DD' date, an epoch-ms time or a day number. */
export function dayOf(date: string | number): number {
  if (typeof date === 'number') return date > 1_000_000 ? Math.floor(date / DAY_MS) : date
  const ms = Date.parse(`${date}T00:00:00Z`)
  if (Number.isNaN(ms)) throw new RangeError(`not a date: ${date}`)
  return ms / DAY_MS
}

/** The experience indices of the platform's picks of one UTC day (10 to 20, in display order). */
export function dailyPicksFor(model: PlatformModel, date: string | number): readonly number[] {
  const day = dayOf(date)
  const dayMs = day * DAY_MS
  const want = Math.min(model.count, 10 + (hash32(model.seed, day, Stream.Picks) % 11))
  const chosen: number[] = []
  const seen = new Set<number>()
  for (let n = 0; chosen.length < want && n < want * 60; n++) {
    const i = hash32(model.seed, day, Stream.Picks, n + 1) % model.count
    if (seen.has(i)) continue
    seen.add(i)
    const p = experienceAt(model, i)
    // Picks are live, public experiences; prefer ones with some audience (weak filter after many tries).
    if (p.createdMs > dayMs || day >= p.deathDay || p.baseStatus !== 'None') continue
    if (p.popularity < 3 && n < want * 30) continue
    chosen.push(i)
  }
  return chosen
}
