import {
  type ExperienceListPage,
  likePercentageValue,
  percentBuckets,
  type RankedExperience,
  ranksByPlayersOnline,
  reduceGameUrlToId,
  type SlimExperience,
} from '@ludex/schemas'

/*
 * For component tests (jsdom): the experience calls of the API answered over a fixed list, so a page
 * that searches or looks up experiences can be rendered without a server. The search keeps what the
 * server would find (a name or canonical name containing the text, or an id equal to it) in the list's
 * order; how the server orders its suggestions is the API's test (test/src/api/experience-lists.test.ts).
 */

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

/** Answers GET /api/place/search, /lookup, /list and /summary from `list`; null for any other address. */
export function experienceApi(list: readonly SlimExperience[]): (url: string) => Response | null {
  const ranks = ranksByPlayersOnline(list)
  const ranked = (e: SlimExperience): RankedExperience => ({ ...e, rank: ranks.get(e.place_id) ?? 0 })
  const byRank = list.toSorted((a, b) => b.players_online - a.players_online).map(ranked)
  const matching = (text: string) => {
    const needle = reduceGameUrlToId(text).toLowerCase()
    return byRank.filter(
      (e) =>
        String(e.place_id) === needle ||
        String(e.universe_id) === needle ||
        e.name.toLowerCase().includes(needle) ||
        e.canonical_name.toLowerCase().includes(needle),
    )
  }
  return (url) => {
    const { pathname, searchParams } = new URL(url, 'http://ludex.test')
    switch (pathname) {
      case '/api/place/search':
        return json(matching(searchParams.get('q') ?? '').slice(0, Number(searchParams.get('limit') ?? 9)))
      case '/api/place/lookup': {
        const ids = (searchParams.get('ids') ?? '').split(',').map(Number)
        return json(ids.flatMap((id) => byRank.filter((e) => e.place_id === id)))
      }
      case '/api/place/list': {
        const rows = matching(searchParams.get('search') ?? '')
        const size = Number(searchParams.get('pageSize') ?? 20)
        const page = Number(searchParams.get('page') ?? 1)
        const answer: ExperienceListPage = {
          total: rows.length,
          tracked: list.length,
          page,
          page_size: size,
          items: rows.slice((page - 1) * size, page * size),
        }
        return json(answer)
      }
      case '/api/place/summary':
        return json({
          experiences: list.length,
          players_online: list.reduce((s, e) => s + e.players_online, 0),
          like_rate_buckets: percentBuckets(list.map((e) => likePercentageValue(e.like_percentage))),
        })
      default:
        return null
    }
  }
}
