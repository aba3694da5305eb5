import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVED_SORT_IDS } from '../simulator/http/routes.ts'
import {
  createPlatformModel,
  experienceAt,
  type PlatformModel,
  restrictedAt,
} from '../simulator/model/index.ts'
import { startSimulatorServer } from '../simulator/server.ts'
import { createRobloxClient, type RobloxClient } from './client.ts'
import { RobloxHttpError } from './errors.ts'
import { thumbnailHashOf } from './thumbnail-hash.ts'

const logger = pino({ level: 'silent' })
const NOW = Date.UTC(2026, 4, 2, 9, 30)
let model: PlatformModel
let sim: { baseTemplate: string; close(): Promise<void> }
let client: RobloxClient

beforeAll(async () => {
  model = createPlatformModel({ seed: 77, experiences: 150 })
  sim = await startSimulatorServer({ model, port: 0, clock: () => NOW, faultRate: 0, logger })
  client = createRobloxClient({
    baseTemplate: sim.baseTemplate,
    userAgent: 'ludex-test',
    cookie: 'c',
    hostIntervalMs: 0,
    timeoutMs: 5_000,
    maxRetries: 1,
    logger,
  })
})
afterAll(async () => {
  await sim?.close()
})

const existing = () => {
  const out: number[] = []
  for (let i = 0; i < model.count && out.length < 60; i++)
    if (experienceAt(model, i).createdMs <= NOW) out.push(i)
  return out
}

describe('client shapes against the simulator', () => {
  it('parses games, votes, place details and place → universe', async () => {
    const idx = existing()
    const universes = idx.map((i) => experienceAt(model, i).universeId)
    const [games, votes, details] = await Promise.all([
      client.getGames(universes),
      client.getVotes(universes),
      client.getPlaceDetails(idx.map((i) => experienceAt(model, i).rootPlaceId)),
    ])
    // Restricted universes come back censored (getGames leaves them out), not dropped: getGamesAnswer names them.
    const open = idx.filter((i) => !restrictedAt(model, i, NOW)).map((i) => experienceAt(model, i).universeId)
    expect(new Set(games.map((g) => g.id))).toEqual(new Set(open))
    const answer = await client.getGamesAnswer(universes)
    expect(new Set(answer.restricted)).toEqual(new Set(universes.filter((u) => !open.includes(u))))
    expect(answer.missing).toEqual([])
    expect(votes).toHaveLength(universes.length)
    expect(details).toHaveLength(universes.length)
    const first = idx[0] ?? 0
    expect(await client.getUniverseIdForPlace(experienceAt(model, first).rootPlaceId)).toBe(
      experienceAt(model, first).universeId,
    )
    expect(await client.getUniverseIdForPlace(1)).toBeNull()
  })

  it('parses thumbnails, sorts, sort content, age, users and groups', async () => {
    const idx = existing()
    const universes = idx.map((i) => experienceAt(model, i).universeId)
    const icons = await client.getGameIcons(universes)
    const banners = await client.getGameThumbnails(universes)
    expect(icons.size).toBe(universes.length)
    expect(banners.size).toBe(universes.length)
    for (const item of icons.values()) expect(thumbnailHashOf(item)).toMatch(/^[0-9a-f]{32}$/)

    const sorts = await client.getSorts()
    expect(sorts.map((s) => s.sortId).sort()).toEqual([...SERVED_SORT_IDS].sort())
    const content = await client.getSortContent('top-trending')
    expect(content.games.length).toBeGreaterThan(0)

    const age = await client.getAgeRecommendation(universes[0] ?? 0)
    expect(age.minimumAge === null || age.minimumAge >= 0).toBe(true)

    const games = await client.getGames(universes)
    const userIds = games.filter((g) => g.creator.type === 'User').map((g) => g.creator.id)
    const groupIds = games.filter((g) => g.creator.type === 'Group').map((g) => g.creator.id)
    const [users, groups] = await Promise.all([client.getUsers(userIds), client.getGroups(groupIds)])
    expect(users.length).toBe(new Set(userIds).size)
    expect(groups.length).toBe(new Set(groupIds).size)
  })

  it('surfaces an upstream 4xx with its code', async () => {
    const err = (await client.getBadges(999).catch((e: unknown) => e)) as RobloxHttpError
    expect(err).toBeInstanceOf(RobloxHttpError)
    expect([err.status, err.code, err.attempts]).toEqual([404, 3, 1])
  })
})
