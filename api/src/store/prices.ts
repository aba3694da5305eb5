import { isoFromClickHouse, readRows, type StoreReader, tables } from '@ludex/pipelines/store'

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

/** Every observed price of the place, oldest first (from the details history). */
export async function priceHistory(store: StoreReader, placeId: number): Promise<PriceChange[]> {
  const rows = await readRows<{ price: number; time: string }>(store, {
    what: 'price history',
    query: `SELECT price, observed_at AS time
     FROM ${tables.placeDetails} FINAL
     WHERE place_id = {placeId:UInt64}
     ORDER BY observed_at`,
    params: { placeId },
    int64: ['price'],
  })
  return priceChanges(rows.map((r) => ({ price: r.price, time: isoFromClickHouse(r.time) })))
}
