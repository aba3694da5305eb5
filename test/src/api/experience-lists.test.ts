import {
  displayGenreName,
  type ExperienceListPage,
  experienceListPage,
  experienceSummary,
  likePercentageValue,
  type MomentumResponse,
  percentBuckets,
  type RankedExperience,
  rankedExperienceList,
  type SlimExperience,
  slimExperienceList,
} from '@ludex/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ApiFixture,
  asUser,
  type ErrorBody,
  expectBadRequest,
  getJson,
  sendJson,
  startApiFixture,
} from './fixture.ts'

/*
 * The experience search, the ranked and paged list, the lookup by ids and the overview's totals (issue
 * 19 point 4), against the slim list of the same store: it holds every tracked experience in the base
 * order (players online descending, place id ascending), so each answer here is worked from it by the
 * rules the calls document.
 */

/** Standard competition ranks of the slim list (ties share a rank, the next skips), by place id. */
function ranksOf(list: readonly SlimExperience[]): Map<number, number> {
  const ranks = new Map<number, number>()
  list.forEach((e, i) => {
    const previous = list[i - 1]
    ranks.set(
      e.place_id,
      previous && previous.players_online === e.players_online ? ranks.get(previous.place_id)! : i + 1,
    )
  })
  return ranks
}

const ids = (rows: readonly { place_id: number }[]) => rows.map((r) => r.place_id)

describe('the experience search, list and lookup', () => {
  let f: ApiFixture
  let slim: SlimExperience[]
  let ranks: Map<number, number>
  let curatedTagId: number
  let personalTagId: number
  beforeAll(async () => {
    f = await startApiFixture({
      tags: (placeIds) => [
        { name: 'Curated ten', placeIds: [...placeIds.slice(20, 30), 987_654_321_012] },
        { name: 'Personal five', placeIds: placeIds.slice(40, 45), global: false },
      ],
    })
    curatedTagId = f.tags[0]!.id
    personalTagId = f.tags[1]!.id
    slim = slimExperienceList.parse((await getJson(f, '/api/place?slim')).body)
    ranks = ranksOf(slim)
  })
  afterAll(() => f?.close())

  const list = async (who: ApiFixture, query: string): Promise<ExperienceListPage> => {
    const res = await getJson(who, `/api/place/list?${query}`)
    expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200)
    return experienceListPage.parse(res.body)
  }
  const search = async (query: string): Promise<RankedExperience[]> => {
    const res = await getJson(f, `/api/place/search?${query}`)
    expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200)
    return rankedExperienceList.parse(res.body)
  }
  const ranked = (e: SlimExperience): RankedExperience => ({ ...e, rank: ranks.get(e.place_id)! })

  describe('GET /api/place/list', () => {
    it('answers the first 20 by rank, counted among every tracked experience', async () => {
      const page = await list(f, '')
      expect(page).toMatchObject({ total: slim.length, tracked: slim.length, page: 1, page_size: 20 })
      expect(page.items).toEqual(slim.slice(0, 20).map(ranked))
      expect(f.placeIds.length).toBe(slim.length)
    })

    it('gives experiences that tie on players online one rank, and the next rank skips', async () => {
      const all = [...(await list(f, 'pageSize=100')).items, ...(await list(f, 'pageSize=100&page=2')).items]
      expect(ids(all)).toEqual(ids(slim))
      const tied = all.filter((e, i) => all[i + 1]?.players_online === e.players_online)
      expect(tied.length).toBeGreaterThan(0)
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1]!, all[i]!]
        if (a.players_online === b.players_online) expect(b.rank).toBe(a.rank)
        else expect(b.rank).toBe(i + 1)
      }
    })

    it('pages to the last, partial page and answers a page past it empty, with the total', async () => {
      const size = 50
      const last = Math.ceil(slim.length / size)
      const page = await list(f, `pageSize=${size}&page=${last}`)
      expect(page.items.length).toBe(slim.length - (last - 1) * size)
      expect(ids(page.items)).toEqual(ids(slim.slice((last - 1) * size)))
      const past = await list(f, `pageSize=${size}&page=${last + 1}`)
      expect(past).toMatchObject({ total: slim.length, items: [] })
      expect((await list(f, 'pageSize=1&page=3')).items).toEqual([ranked(slim[2]!)])
    })

    it('sorts by every column both ways, ties kept in rank order, unlabelled momentum last', async () => {
      const momentum = (await getJson<MomentumResponse>(f, '/api/stats/momentum')).body
      const change = new Map(
        momentum.places.filter((p) => p.momentum !== null).map((p) => [p.place_id, p.change as number]),
      )
      expect(change.size).toBeGreaterThan(0)
      expect(change.size).toBeLessThan(slim.length)
      const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
      const columns: Record<string, (e: SlimExperience) => number | string | undefined> = {
        rank: (e) => ranks.get(e.place_id),
        name: (e) => e.name,
        players_online: (e) => e.players_online,
        like_percentage: (e) => e.like_percentage,
        total_visits: (e) => e.total_visits,
        momentum: (e) => change.get(e.place_id),
        genre: (e) => displayGenreName(e.genre),
      }
      for (const [sort, value] of Object.entries(columns)) {
        for (const order of ['asc', 'desc'] as const) {
          const sign = order === 'asc' ? 1 : -1
          // Array.prototype.sort is stable: ties keep the slim list's (rank) order.
          const expected = slim.toSorted((a, b) => {
            const [x, y] = [value(a), value(b)]
            if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1
            return sign * (typeof x === 'string' ? collator.compare(x, y as string) : x - (y as number))
          })
          const got = [
            ...(await list(f, `sort=${sort}&order=${order}&pageSize=100`)).items,
            ...(await list(f, `sort=${sort}&order=${order}&pageSize=100&page=2`)).items,
          ]
          expect(ids(got), `${sort} ${order}`).toEqual(ids(expected))
          expect(got.every((e) => e.rank === ranks.get(e.place_id))).toBe(true)
        }
      }
      // A column's own direction when none is named: the biggest numbers first, names from A.
      expect(ids((await list(f, 'sort=total_visits')).items)).toEqual(
        ids((await list(f, 'sort=total_visits&order=desc')).items),
      )
      expect(ids((await list(f, 'sort=name')).items)).toEqual(
        ids((await list(f, 'sort=name&order=asc')).items),
      )
    })

    it('searches names and canonical names for the text, and ids for equality, keeping the ranks', async () => {
      const target = slim[17]!
      const word = target.name.split(' ').find((w) => w.length >= 4)!
      const page = await list(f, `search=${encodeURIComponent(word.toUpperCase())}&pageSize=100`)
      const expected = slim.filter((e) => e.name.toLowerCase().includes(word.toLowerCase()))
      expect(ids(page.items)).toEqual(ids(expected))
      expect(page).toMatchObject({ total: expected.length, tracked: slim.length })
      expect(page.items.every((e) => e.rank === ranks.get(e.place_id))).toBe(true)

      expect(ids((await list(f, `search=${target.place_id}`)).items)).toEqual([target.place_id])
      expect(ids((await list(f, `search=${target.universe_id}`)).items)).toEqual([target.place_id])
      const link = encodeURIComponent(`https://www.roblox.com/games/${target.place_id}/Some-Game`)
      expect(ids((await list(f, `search=${link}`)).items)).toEqual([target.place_id])
      // Part of an id is no match (unless a name holds those digits).
      expect((await list(f, `search=${String(target.place_id).slice(0, -1)}9999`)).total).toBe(0)
      expect((await list(f, 'search=')).total).toBe(slim.length)
    })

    it('keeps a visible tag’s tracked experiences; a hidden tag is a 404 and no answer is cached', async () => {
      const curated = f.tags[0]!
      const visitor = await getJson(f, `/api/place/list?tagId=${curatedTagId}`)
      expect(visitor.status).toBe(200)
      expect(visitor.headers.get('cache-control')).toBe('no-store')
      const page = experienceListPage.parse(visitor.body)
      // The untracked member is not a row; the rows keep the list's order.
      expect(ids(page.items)).toEqual(ids(slim.filter((e) => curated.placeIds.includes(e.place_id))))
      expect(page.total).toBe(10)
      const searched = await list(f, `tagId=${curatedTagId}&search=${page.items[3]!.place_id}`)
      expect(ids(searched.items)).toEqual([page.items[3]!.place_id])
      expect((await list(f, `tagId=${curatedTagId}&search=${slim[0]!.place_id}`)).total).toBe(0)

      // A personal tag: not for visitors or other users; its owner's and every editor's.
      expect((await getJson<ErrorBody>(f, `/api/place/list?tagId=${personalTagId}`)).status).toBe(404)
      const viewer = await asUser(f, 'viewer')
      expect((await getJson(viewer, `/api/place/list?tagId=${personalTagId}`)).status).toBe(404)
      const editor = await asUser(f, 'editor')
      expect(ids((await list(editor, `tagId=${personalTagId}`)).items)).toEqual(
        ids(slim.filter((e) => f.tags[1]!.placeIds.includes(e.place_id))),
      )
      const own = await sendJson<{ id: number }>(viewer, 'POST', '/api/placetag', { name: 'Mine' })
      await sendJson(viewer, 'POST', `/api/placetag/${own.body.id}/places`, {
        place_ids: [slim[5]!.place_id, slim[1]!.place_id],
      })
      expect(ids((await list(viewer, `tagId=${own.body.id}`)).items)).toEqual([
        slim[1]!.place_id,
        slim[5]!.place_id,
      ])
      expect((await getJson(await asUser(f, 'viewer'), `/api/place/list?tagId=${own.body.id}`)).status).toBe(
        404,
      )
      expect((await getJson(f, '/api/place/list?tagId=999999')).status).toBe(404)
      expect((await getJson(f, '/api/place/list')).headers.get('cache-control')).toBe('public, max-age=10')
    })

    it('refuses bad values with a 400 naming the field', async () => {
      for (const [query, field] of [
        ['page=0', 'page'],
        ['page=-1', 'page'],
        ['page=1.5', 'page'],
        ['page=x', 'page'],
        ['pageSize=0', 'pageSize'],
        ['pageSize=101', 'pageSize'],
        ['sort=creator', 'sort'],
        ['order=up', 'order'],
        ['tagId=0', 'tagId'],
        ['tagId=abc', 'tagId'],
        [`search=${'x'.repeat(201)}`, 'search'],
        ['search=%00', 'search'],
        ['limit=5', 'limit'],
        ['page=1&page=2', 'page'],
      ] as const) {
        await expectBadRequest(f, `/api/place/list?${query}`, field)
      }
    })
  })

  describe('GET /api/place/search', () => {
    it('puts an exact id first, then names starting with the text, then names containing it', async () => {
      const target = slim[30]!
      expect(ids(await search(`q=${target.place_id}`))[0]).toBe(target.place_id)
      expect(ids(await search(`q=${target.universe_id}`))[0]).toBe(target.place_id)
      const link = encodeURIComponent(`https://www.roblox.com/games/${target.place_id}/x`)
      expect(ids(await search(`q=${link}`))[0]).toBe(target.place_id)

      // Each 3-letter piece of the names: the answer is the rule worked over the slim list.
      const pieces = new Set(slim.flatMap((e) => e.name.toLowerCase().match(/[a-z]{3}/g) ?? []))
      let checked = 0
      for (const piece of [...pieces].slice(0, 40)) {
        const prefix = slim.filter((e) => e.name.toLowerCase().startsWith(piece))
        const contains = slim.filter(
          (e) => !e.name.toLowerCase().startsWith(piece) && e.name.toLowerCase().includes(piece),
        )
        const expected = [...prefix, ...contains].slice(0, 9).map(ranked)
        expect(await search(`q=${piece.toUpperCase()}`), piece).toEqual(expected)
        if (prefix.length > 0 && contains.length > 0) checked++
      }
      expect(checked).toBeGreaterThan(0)
    })

    it('answers at most 9 unless asked for another limit, up to 50', async () => {
      const vowel = ['ing', 'ion', 'ter', 'the', 'ble', 'ers', 'ort'].find(
        (p) => slim.filter((e) => e.name.toLowerCase().includes(p)).length > 12,
      )!
      expect(vowel).toBeDefined()
      expect(await search(`q=${vowel}`)).toHaveLength(9)
      expect(await search(`q=${vowel}&limit=12`)).toHaveLength(12)
      expect(await search(`q=${vowel}&limit=1`)).toHaveLength(1)
      await expectBadRequest(f, `/api/place/search?q=${vowel}&limit=51`, 'limit')
      await expectBadRequest(f, `/api/place/search?q=${vowel}&limit=0`, 'limit')
    })

    it('puts ids that merely start with the text last', async () => {
      const target = slim[4]!
      const start = String(target.place_id).slice(0, 4)
      const answer = await search(`q=${start}&limit=50`)
      expect(answer.length).toBeGreaterThan(0)
      const byPrefix = slim.filter(
        (e) => String(e.place_id).startsWith(start) || String(e.universe_id).startsWith(start),
      )
      expect(ids(answer).slice(-Math.min(byPrefix.length, answer.length))).toEqual(
        ids(byPrefix).slice(0, Math.min(byPrefix.length, answer.length)),
      )
    })

    it('finds a staff canonical name on the next call', async () => {
      const target = slim[60]!
      expect(await search('q=zyzzyva')).toEqual([])
      const editor = await asUser(f, 'editor')
      const saved = await sendJson(editor, 'PUT', `/api/place/${target.place_id}`, {
        canonical_name: 'Zyzzyva Quarry',
      })
      expect(saved.status).toBe(200)
      const found = await search('q=zyzzyva')
      expect(found).toEqual([{ ...ranked(target), canonical_name: 'Zyzzyva Quarry' }])
      expect(ids((await list(f, 'search=QUARRY')).items)).toContain(target.place_id)
      await sendJson(editor, 'PUT', `/api/place/${target.place_id}`, { canonical_name: '' })
      expect(await search('q=zyzzyva')).toEqual([])
    })

    it('refuses text under 3 characters, a missing text and a bad limit, naming the field', async () => {
      for (const query of [
        '',
        'q=',
        'q=ab',
        `q=${encodeURIComponent('  ab  ')}`,
        'q=%00ab',
        `q=${'y'.repeat(201)}`,
      ]) {
        await expectBadRequest(f, `/api/place/search?${query}`, 'q')
      }
      await expectBadRequest(f, '/api/place/search?q=abc&limit=x', 'limit')
      await expectBadRequest(f, '/api/place/search?q=abc&page=2', 'page')
    })
  })

  describe('GET /api/place/lookup and /api/place/summary', () => {
    it('answers the tracked experiences of the ids asked, in that order, with their ranks', async () => {
      const asked = [slim[9]!, slim[0]!, slim[slim.length - 1]!]
      const res = await getJson(
        f,
        `/api/place/lookup?ids=${asked[0]!.place_id},123456789012,${asked[1]!.place_id},${asked[2]!.place_id}`,
      )
      expect(res.status).toBe(200)
      expect(rankedExperienceList.parse(res.body)).toEqual(asked.map(ranked))
      expect((await getJson(f, '/api/place/lookup?ids=123456789012')).body).toEqual([])
      const hundred = slim.slice(0, 100).map((e) => e.place_id)
      expect(
        rankedExperienceList.parse((await getJson(f, `/api/place/lookup?ids=${hundred.join(',')}`)).body),
      ).toHaveLength(100)
      await expectBadRequest(f, `/api/place/lookup?ids=${[...hundred, 1].join(',')}`, 'ids')
      await expectBadRequest(f, '/api/place/lookup?ids=1,x', 'ids')
      await expectBadRequest(f, '/api/place/lookup', 'ids')
    })

    it('sums players online and counts the like rates of every tracked experience', async () => {
      const summary = experienceSummary.parse((await getJson(f, '/api/place/summary')).body)
      expect(summary.experiences).toBe(slim.length)
      expect(summary.players_online).toBe(slim.reduce((s, e) => s + e.players_online, 0))
      expect(summary.like_rate_buckets).toEqual(
        percentBuckets(slim.map((e) => likePercentageValue(e.like_percentage))),
      )
      expect(summary.like_rate_buckets.reduce((s, b) => s + b.count, 0)).toBe(slim.length)
      expect(summary.like_rate_buckets.filter((b) => b.count > 0).length).toBeGreaterThan(3)
    })
  })
})
