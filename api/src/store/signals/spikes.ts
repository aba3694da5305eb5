import { averageCcuSql, dateTimeParam, readRows, type StoreReader, tables } from '@ludex/pipelines/store'
import { type CcuSpike, detectCcuSpikes, SPIKE_BASELINE_WEEKS } from '@ludex/schemas'

const WEEK_MS = 7 * 86_400_000

/**
 * The CCU spikes of an experience in hours starting at or after fromMs, judged on the hour rollups
 * (exact hourly average CCU); the SPIKE_BASELINE_WEEKS weeks before fromMs are read as baseline only.
 */
export async function ccuSpikes(store: StoreReader, placeId: number, fromMs: number): Promise<CcuSpike[]> {
  const rows = await readRows<{ t: number; ccu: number }>(store, {
    what: 'hourly ccu for spikes',
    query: `SELECT toUnixTimestamp(bucket) AS t, toFloat64${averageCcuSql()} AS ccu
     FROM ${tables.placeRollups} FINAL
     WHERE granularity = 'hour' AND place_id = {placeId:UInt64} AND bucket >= {from:DateTime('UTC')}
       AND samples > 0`,
    params: { placeId, from: dateTimeParam(Math.max(0, fromMs - SPIKE_BASELINE_WEEKS * WEEK_MS)) },
  })
  return detectCcuSpikes(
    rows.map((r) => ({ time: r.t * 1000, ccu: r.ccu })),
    fromMs,
  )
}
