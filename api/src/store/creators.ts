import { latestDetailsSql, readRows, type StoreReader, tables } from '@ludex/pipelines/store'
import type { creator } from '@ludex/schemas'
import type { z } from 'zod'

type Creator = z.infer<typeof creator>

/**
 * Creators of tracked experiences (current creator of each place per its latest details), with their
 * profile from the creators table when the creator poller has seen them; until then the name and
 * verification come from the place details and the thumbnail is 'default'. User and group ids are
 * separate namespaces, so a creator is keyed by (type, id).
 */
const CREATORS_SQL = `
SELECT
    p.creator_id AS id,
    p.creator_type AS type,
    if(c.found = 1, c.name, any(p.creator_name)) AS name,
    if(c.found = 1, c.verified, any(p.creator_verified)) AS is_verified,
    if(c.found = 1 AND c.thumbnail_hash != '', c.thumbnail_hash, 'default') AS thumbnail_hash,
    arraySort(groupArray(p.place_id)) AS place_ids
FROM
(
    ${latestDetailsSql(
      {
        creator_id: 'creator_id',
        creator_type: 'creator_type',
        creator_name: 'creator_name',
        creator_verified: 'creator_verified',
      },
      { where: `place_id IN (SELECT place_id FROM ${tables.placeLatest} FINAL)` },
    )}
) AS p
LEFT JOIN
(
    SELECT creator_id, creator_type, name, verified, thumbnail_hash, 1 AS found
    FROM ${tables.creators} FINAL
) AS c ON c.creator_id = p.creator_id AND c.creator_type = p.creator_type
WHERE p.creator_id > 0
GROUP BY p.creator_id, p.creator_type, c.found, c.name, c.verified, c.thumbnail_hash
ORDER BY length(place_ids) DESC, name ASC, id ASC`

interface CreatorRow {
  id: number
  type: string
  name: string
  is_verified: boolean | number
  thumbnail_hash: string
  place_ids: number[]
}

export async function trackedCreators(store: StoreReader): Promise<Creator[]> {
  const rows = await readRows<CreatorRow>(store, {
    what: 'tracked creators',
    query: CREATORS_SQL,
    int64: ['id', 'place_ids'],
  })
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type === 'Group' ? 'Group' : 'User',
    is_verified: Boolean(r.is_verified),
    thumbnail_hash: r.thumbnail_hash,
    place_ids: r.place_ids,
  }))
}
