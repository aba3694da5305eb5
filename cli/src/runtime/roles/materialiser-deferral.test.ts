import { topics } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { createDeferral, MaterialiserDeferError, type SlotRange } from './materialiser-deferral.ts'

const SLOT = 600_000
const DAY = 86_400_000
/** A backfill chunk ending here, well before today: live polls write from TODAY on. */
const CHUNK_END = 100 * DAY
const TODAY = 130 * DAY

const batch = (minSlot: number, maxSlot: number, topic = topics.snapshots.name) => ({
  topic,
  rows: 10,
  minSlot,
  maxSlot,
})

/** Runs the deferral with the chunk's bounds, handing the sink's batches to `hold` while it runs. */
async function deferred(
  events: ReturnType<typeof batch>[],
  options: { bounds?: boolean; fail?: Error; signal?: AbortSignal } = {},
) {
  const released: SlotRange[] = []
  const deferral = createDeferral((r) => released.push(r))
  const logged: (SlotRange | null)[] = []
  let range: SlotRange | null = null
  try {
    const out = await deferral.deferWhile(
      async () => {
        for (const e of events) logged.push(deferral.hold(e))
        if (options.fail) throw options.fail
      },
      {
        ...(options.bounds !== false && { bounds: { before: CHUNK_END, othersFrom: TODAY } }),
        ...(options.signal && { signal: options.signal }),
      },
    )
    range = out.range
  } catch {}
  return { logged, range, released, after: deferral.hold(batch(CHUNK_END - DAY, CHUNK_END - SLOT)) }
}

describe('the materialiser deferral (a backfill chunk beside live polls)', () => {
  it("holds the chunk's batches for its one recompute and logs the live ones", async () => {
    const { logged, range } = await deferred([
      batch(CHUNK_END - 7 * DAY, CHUNK_END - 6 * DAY),
      batch(TODAY + SLOT, TODAY + SLOT),
      batch(CHUNK_END - 2 * DAY, CHUNK_END - SLOT),
    ])
    expect(logged).toEqual([null, { fromMs: TODAY + SLOT, toMs: TODAY + SLOT }, null])
    expect(range).toEqual({ fromMs: CHUNK_END - 7 * DAY, toMs: CHUNK_END - SLOT })
  })

  it('splits a batch mixing old and live slots: the live part is logged from where live slots begin', async () => {
    const { logged, range } = await deferred([batch(CHUNK_END - DAY, TODAY + 3 * SLOT)])
    // Not [CHUNK_END, …]: that would have the materialiser recompute the month between them.
    expect(logged).toEqual([{ fromMs: TODAY, toMs: TODAY + 3 * SLOT }])
    expect(range).toEqual({ fromMs: CHUNK_END - DAY, toMs: CHUNK_END - 1 })
  })

  it('never holds game events (their range is the events’ own times)', async () => {
    const { logged, range } = await deferred([
      batch(CHUNK_END - DAY, CHUNK_END - DAY, topics.gameEvents.name),
    ])
    expect(logged).toEqual([{ fromMs: CHUNK_END - DAY, toMs: CHUNK_END - DAY }])
    expect(range).toBeNull()
  })

  it('without bounds holds everything inserted meanwhile (a backfill-only process)', async () => {
    const { logged, range } = await deferred([batch(10 * DAY, 11 * DAY), batch(TODAY, TODAY)], {
      bounds: false,
    })
    expect(logged).toEqual([null, null])
    expect(range).toEqual({ fromMs: 10 * DAY, toMs: TODAY })
  })

  it('holds nothing once the work is over', async () => {
    const { after } = await deferred([])
    expect(after).toEqual({ fromMs: CHUNK_END - DAY, toMs: CHUNK_END - SLOT })
  })

  it('hands a failed work’s range back for the usual recompute, but not when the process is stopping', async () => {
    const failed = await deferred([batch(CHUNK_END - DAY, CHUNK_END - SLOT)], {
      fail: new Error('store down'),
    })
    expect(failed.released).toEqual([{ fromMs: CHUNK_END - DAY, toMs: CHUNK_END - SLOT }])
    const stopping = new AbortController()
    stopping.abort(new Error('shutting down'))
    const stopped = await deferred([batch(CHUNK_END - DAY, CHUNK_END - SLOT)], {
      fail: new Error('aborted'),
      signal: stopping.signal,
    })
    expect(stopped.released).toEqual([])
  })

  it('runs one deferral at a time', async () => {
    const deferral = createDeferral(() => {})
    let release: () => void = () => {}
    const first = deferral.deferWhile(() => new Promise<void>((r) => (release = r)))
    await expect(deferral.deferWhile(async () => {})).rejects.toBeInstanceOf(MaterialiserDeferError)
    release()
    await expect(first).resolves.toEqual({ result: undefined, range: null })
  })
})
