import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { accountForGames } from '../games-answer.ts'
import { badgesPage } from './badges.ts'
import { upstreamErrorOf } from './common.ts'
import { parseUpstreamDate } from './dates.ts'
import { type CensoredGame, type Game, gamesResponse, votesResponse } from './games.ts'

/** The captured shapes of roblox-api.md §16, as fixtures beside the client. */
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'))

describe('upstream dates (roblox-api.md §16)', () => {
  it('reads Z, +00:00 and local offsets with 0 to 7 fraction digits', () => {
    const at = Date.UTC(2024, 7, 17, 12, 47, 1, 458)
    expect(parseUpstreamDate('2024-08-17T12:47:01.4582503Z')).toBe(at)
    expect(parseUpstreamDate('2024-08-17T12:47:01.458+00:00')).toBe(at)
    expect(parseUpstreamDate('2024-08-17T07:47:01.4582503-05:00')).toBe(at)
    expect(parseUpstreamDate('2024-08-17T14:17:01.4582503+0130')).toBe(at)
    expect(parseUpstreamDate('2024-08-17T12:47:01.45Z')).toBe(at - 8)
    expect(parseUpstreamDate('2024-08-17T12:47:01Z')).toBe(at - 458)
    // No offset: Roblox means UTC (Date.parse would take the machine's zone).
    expect(parseUpstreamDate('2024-08-17T12:47:01.458')).toBe(at)
    expect(parseUpstreamDate('2024-08-17 12:47:01.458Z')).toBe(at)
  })

  it('refuses what is not a date-time instead of shifting it', () => {
    expect(parseUpstreamDate('2024-02-31T00:00:00Z')).toBeNull()
    expect(parseUpstreamDate('2024-08-17T25:00:00Z')).toBeNull()
    expect(parseUpstreamDate('yesterday')).toBeNull()
    expect(parseUpstreamDate('')).toBeNull()
  })

  it('reads badge dates carrying offsets into the same instants', () => {
    const page = badgesPage.parse(fixture('badge-offset-dates.json'))
    expect(page.data[0]?.created).toBe(Date.UTC(2019, 0, 28, 19, 27, 33, 960))
    expect(page.data[0]?.updated).toBe(Date.UTC(2024, 2, 2, 9, 1, 17, 123))
  })
})

describe('games answers with censored items (roblox-api.md §16)', () => {
  const captured = gamesResponse.parse(fixture('games-2026-with-censored.json')).data

  it('parses the 2026 capture: a full game and a censored item', () => {
    expect(captured).toHaveLength(2)
    const [game] = captured as [Game, CensoredGame]
    expect(game).toMatchObject({ id: 1818, sourceName: null, canonicalUrlPath: '/games/1818/Crossroads' })
    expect(game.updated).toBe(Date.UTC(2024, 7, 17, 12, 47, 1, 458))
    expect(game.created).toBe(Date.UTC(2007, 4, 1, 1, 7, 4, 780))
  })

  it('marks the universe the censored item stands for restricted, not missing', () => {
    const answer = accountForGames([1818, 555], captured)
    expect(answer.games.map((g) => g.id)).toEqual([1818])
    expect(answer).toMatchObject({ restricted: [555], missing: [], unresolved: [] })
  })

  it('counts a universe left out with no censored item as missing', () => {
    const answer = accountForGames([1818, 555], captured.slice(0, 1))
    expect(answer).toMatchObject({ restricted: [], missing: [555], unresolved: [] })
  })

  it('leaves to single calls what elimination cannot settle', () => {
    const answer = accountForGames([1818, 555, 777], captured)
    expect(answer).toMatchObject({ restricted: [], missing: [], unresolved: [555, 777] })
  })

  it('takes a described game that says isContentRestricted as restricted', () => {
    const [game] = captured as [Game]
    const answer = accountForGames([1818], [{ ...game, isContentRestricted: true }])
    expect(answer).toMatchObject({ games: [], restricted: [1818], missing: [] })
  })

  it('still names the missing field of a broken game item', () => {
    const broken = { data: [{ ...(captured[0] as Game), playing: undefined }] }
    const result = gamesResponse.safeParse(broken)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['data', 0, 'playing'])
  })

  it('reads a universe without votes as zero votes', () => {
    expect(votesResponse.parse(fixture('votes-zero.json')).data).toEqual([
      { id: 1818, upVotes: 0, downVotes: 0 },
    ])
  })
})

describe('error envelopes (roblox-api.md §0, §16)', () => {
  it('reads each captured envelope', () => {
    expect(upstreamErrorOf(fixture('error-subcode.json'))).toEqual({
      code: 9002,
      subcode: 0,
      message: '…',
      field: null,
    })
    expect(upstreamErrorOf(fixture('error-field.json'))).toEqual({
      code: 1,
      subcode: null,
      message: 'The universe does not exist.',
      field: 'universeId',
    })
    expect(upstreamErrorOf(fixture('error-documented.json'))).toEqual({
      code: 9,
      subcode: null,
      message: 'Too many universe IDs were requested.',
      field: null,
    })
  })

  it('reads bodies that are not an envelope, or a broken one, as saying nothing', () => {
    const nothing = { code: null, subcode: null, message: null, field: null }
    expect(upstreamErrorOf(null)).toEqual(nothing)
    expect(upstreamErrorOf('<html>Bad gateway</html>')).toEqual(nothing)
    expect(upstreamErrorOf({ errors: 'oops' })).toEqual(nothing)
    expect(upstreamErrorOf({ errors: [{ code: '9', message: 'Too many' }] })).toEqual({
      ...nothing,
      message: 'Too many',
    })
  })
})
