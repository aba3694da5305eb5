import {
  dateTime64Param,
  isoFromClickHouse,
  readRows,
  type StoreReader,
  tables,
} from '@ludex/pipelines/store'

export interface PriceObservation {
  readonly price: number
  /** ISO 8601. */
  readonly time: string
}

export interface PriceChange extends PriceObservation {
  /** Price minus the previous price; 0 for the first entry. */
  readonly change: number
}

/**
 * The price history as changes: a details row is written whenever any detail changes, so the same price
 * is observed many times; only a different price starts an entry. Input in time order.
 */
export function priceChanges(observations: readonly PriceObservation[]): PriceChange[] {
  const out: PriceChange[] = []
  let previous: number | undefined
  for (const o of observations) {
    if (previous === o.price) continue
    out.push({ price: o.price, time: o.time, change: previous === undefined ? 0 : o.price - previous })
    previous = o.price
  }
  return out
}

/**
 * The price history from fromMs on, oldest first (from the details history). When the place was seen
 * before fromMs, the list opens with the price in effect at fromMs, timed fromMs: a history cut at a
 * window (a visitor's) starts with the price the window starts with, and holds nothing older.
 * fromMs 0 is the whole history.
 */
export async function priceHistory(
  store: StoreReader,
  placeId: number,
  fromMs: number,
): Promise<PriceChange[]> {
  const params = { placeId, from: dateTime64Param(fromMs) }
  const [opening, rows] = await Promise.all([
    readRows<{ price: number; n: number }>(store, {
      what: 'price at the history start',
      query: `SELECT argMax(price, observed_at) AS price, count() AS n
       FROM ${tables.placeDetails} FINAL
       WHERE place_id = {placeId:UInt64} AND observed_at < {from:DateTime64(3)}`,
      params,
      int64: ['price', 'n'],
    }),
    readRows<{ price: number; time: string }>(store, {
      what: 'price history',
      query: `SELECT price, observed_at AS time
       FROM ${tables.placeDetails} FINAL
       WHERE place_id = {placeId:UInt64} AND observed_at >= {from:DateTime64(3)}
       ORDER BY observed_at`,
      params,
      int64: ['price'],
    }),
  ])
  const observations = rows.map((r) => ({ price: r.price, time: isoFromClickHouse(r.time) }))
  const before = opening[0]
  if (before && before.n > 0) {
    observations.unshift({ price: before.price, time: new Date(fromMs).toISOString() })
  }
  return priceChanges(observations)
}
