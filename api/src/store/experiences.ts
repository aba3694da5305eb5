import type { ClickHouseClient } from '@clickhouse/client'
import type { SlimExperience } from '@ludex/schemas'
import { queryRows } from './query.ts'

/**
 * Latest counters joined with the latest details of every tracked experience. The like percentage is
 * up ÷ (up + down) of the latest votes, 0 when there are none yet.
 */
const SLIM_SQL = `
SELECT
    l.place_id AS place_id,
    l.universe_id AS universe_id,
    d.name AS name,
    l.playing AS players_online,
    l.visits AS total_visits,
    if(ifNull(l.up_votes, 0) + ifNull(l.down_votes, 0) = 0, 0,
       ifNull(l.up_votes, 0) / (ifNull(l.up_votes, 0) + ifNull(l.down_votes, 0))) AS like_percentage,
    d.creator_id AS creator_id,
    d.genre_l1 AS genre_l1,
    d.genre_l2 AS genre_l2
FROM (SELECT place_id, universe_id, playing, visits, up_votes, down_votes FROM place_latest FINAL) AS l
LEFT JOIN
(
    SELECT place_id,
           argMax(name, observed_at) AS name,
           argMax(creator_id, observed_at) AS creator_id,
           argMax(genre_l1, observed_at) AS genre_l1,
           argMax(genre_l2, observed_at) AS genre_l2
    FROM place_details
    GROUP BY place_id
) AS d USING (place_id)
ORDER BY players_online DESC, place_id ASC`

interface SlimRow {
  place_id: number | string
  universe_id: number | string
  name: string
  players_online: number | string
  total_visits: number | string
  like_percentage: number
  creator_id: number | string
  genre_l1: string
  genre_l2: string
}

export async function slimExperiences(client: ClickHouseClient): Promise<SlimExperience[]> {
  const rows = await queryRows<SlimRow>(client, SLIM_SQL)
  return rows.map((r) => ({
    universe_id: Number(r.universe_id),
    place_id: Number(r.place_id),
    name: r.name,
    // Canonical names are edited by staff (accounts issue); until then they are the name.
    canonical_name: r.name,
    players_online: Number(r.players_online),
    total_visits: Number(r.total_visits),
    like_percentage: r.like_percentage,
    creator_id: Number(r.creator_id),
    genre_l1: r.genre_l1,
    genre_l2: r.genre_l2,
  }))
}
