import type { CensoredGame, Game } from './shapes/games.ts'
import { isCensoredGame } from './shapes/games.ts'

/**
 * Every requested universe accounted for by one games answer: played (an item under its id), restricted
 * (a censored item stands for it, or its own item says isContentRestricted) or missing (upstream left it
 * out). Censored items carry id 0 (roblox-api.md §16), so which universe each stands for is found by
 * elimination; `unresolved` holds the universes elimination cannot settle (fewer censored items than
 * universes left out), which the client asks about one at a time.
 */
export interface GamesAnswer {
  readonly games: Game[]
  readonly restricted: number[]
  readonly missing: number[]
}

export interface GamesAccounting extends GamesAnswer {
  readonly unresolved: number[]
}

export function accountForGames(
  requested: readonly number[],
  items: readonly (Game | CensoredGame)[],
): GamesAccounting {
  const wanted = new Set(requested)
  const games: Game[] = []
  const restricted: number[] = []
  const answered = new Set<number>()
  let censored = 0
  for (const item of items) {
    if (isCensoredGame(item)) {
      censored++
      continue
    }
    // Upstream order is not guaranteed and stray ids are possible: match on id.
    if (!wanted.has(item.id) || answered.has(item.id)) continue
    answered.add(item.id)
    if (item.isContentRestricted === true) restricted.push(item.id)
    else games.push(item)
  }
  const absent = requested.filter((id) => !answered.has(id))
  if (censored === 0) return { games, restricted, missing: absent, unresolved: [] }
  if (censored >= absent.length)
    return { games, restricted: [...restricted, ...absent], missing: [], unresolved: [] }
  return { games, restricted, missing: [], unresolved: absent }
}
