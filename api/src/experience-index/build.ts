import {
  likePercentageValue,
  type MomentumResponse,
  type PercentBucket,
  percentBuckets,
  type RankedExperience,
  ranksByPlayersOnline,
  type SlimExperience,
  type SortOrder,
} from '@ludex/schemas'
import type { PlaceEdit } from '../accounts/place-edits.ts'
import type { CurrentExperience } from '../store/experiences.ts'

/**
 * Every tracked experience now, held for the calls that search, list and look up experiences (issue 19
 * point 4): the rows in their base order (players online, highest first, then place id: the store's
 * order), their ranks, the lower-cased texts a search compares, and the overview's totals. Rows are
 * named by their position in the base order. Built once per refresh (index-holder.ts); what it
 * derives on demand (a column's sort order) is kept inside it, so it lives and goes with the rows.
 */
export interface ExperienceIndex {
  /** The rows, with the staff's canonical names, in the base order. */
  readonly rows: readonly SlimExperience[]
  /** Rank of each row (1 + rows with more players online). */
  readonly ranks: Uint32Array
  /** Lower-cased name of each row. */
  readonly names: readonly string[]
  /** Lower-cased canonical name of each row, null where it is the name. */
  readonly canonicalNames: readonly (string | null)[]
  /** Place and universe id of each row as decimal text (prefix matches). */
  readonly placeIdTexts: readonly string[]
  readonly universeIdTexts: readonly string[]
  /** Position of each place id. */
  readonly positionOf: ReadonlyMap<number, number>
  /** Players online summed over every row. */
  readonly playersOnline: number
  /** Every row's like % in 5-percent buckets (no votes counts as 0 %, as the slim list says). */
  readonly likeRateBuckets: readonly PercentBucket[]
  /** Sort orders built so far, by column and direction (sort-orders.ts); this index's own, dropped with it. */
  readonly sortOrders: Map<string, Uint32Array>
  /** The momentum column's orders, per answer of the momentum call they were built from. */
  readonly momentumOrders: WeakMap<MomentumResponse, Map<SortOrder, Uint32Array>>
}

/** Rows indexed between two yields to the event loop. */
const ROWS_PER_TURN = 5000

/**
 * The index of the current experiences (in the store's order: players online descending, place id
 * ascending) with the staff's canonical names laid over. It yields to the event loop every
 * ROWS_PER_TURN rows: at 100,000 experiences a build takes long enough that the process's other
 * requests would otherwise wait for it whole.
 */
export async function buildExperienceIndex(
  current: readonly CurrentExperience[],
  edits: ReadonlyMap<number, PlaceEdit> | undefined,
): Promise<ExperienceIndex> {
  const rows = current.map((c) => {
    const canonical = edits?.get(c.experience.place_id)?.canonicalName
    return canonical ? { ...c.experience, canonical_name: canonical } : c.experience
  })
  const rankOf = ranksByPlayersOnline(rows)
  const n = rows.length
  const ranks = new Uint32Array(n)
  const names: string[] = new Array(n)
  const canonicalNames: (string | null)[] = new Array(n)
  const placeIdTexts: string[] = new Array(n)
  const universeIdTexts: string[] = new Array(n)
  const positionOf = new Map<number, number>()
  let playersOnline = 0
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve))
    const row = rows[i] as SlimExperience
    ranks[i] = rankOf.get(row.place_id) ?? 0
    names[i] = row.name.toLowerCase()
    canonicalNames[i] = row.canonical_name === row.name ? null : row.canonical_name.toLowerCase()
    placeIdTexts[i] = String(row.place_id)
    universeIdTexts[i] = String(row.universe_id)
    positionOf.set(row.place_id, i)
    playersOnline += row.players_online
  }
  return {
    rows,
    ranks,
    names,
    canonicalNames,
    placeIdTexts,
    universeIdTexts,
    positionOf,
    playersOnline,
    likeRateBuckets: percentBuckets(rows.map((r) => likePercentageValue(r.like_percentage))),
    sortOrders: new Map(),
    momentumOrders: new WeakMap(),
  }
}

/** The row at a position with its rank: what every call of the index answers. */
export function rankedAt(index: ExperienceIndex, position: number): RankedExperience {
  return { ...(index.rows[position] as SlimExperience), rank: index.ranks[position] ?? 0 }
}

/** The tracked experiences of these place ids, in the order asked (untracked ones left out). */
export function lookupExperiences(index: ExperienceIndex, placeIds: readonly number[]): RankedExperience[] {
  const out: RankedExperience[] = []
  for (const id of placeIds) {
    const position = index.positionOf.get(id)
    if (position !== undefined) out.push(rankedAt(index, position))
  }
  return out
}
