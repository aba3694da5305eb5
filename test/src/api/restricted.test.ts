import { tables } from '@ludex/pipelines/store'
import { experience } from '@ludex/schemas'
import {
  experienceAt,
  indexOfPlace,
  RESTRICTION_PERIOD_MS,
  restrictedInPeriod,
  SLOT_MS,
  sampleAt,
  snapSlot,
} from '@ludex/workers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiFixture, FIXTURE, getJson, startApiFixture } from './fixture.ts'

/**
 * Restricted experiences (issue 19.1): the fixture's backfill carries the simulator's restriction
 * periods (the games call answers censored items for them), so the API reads them as a live poll
 * would have left them.
 */
describe('restricted experiences on /api/place/{place_id} and in the platform totals', () => {
  let f: ApiFixture
  /** The first slot of the fixture's history: a restriction cannot be seen to begin before it. */
  const historyStart = FIXTURE.now - FIXTURE.days * 86_400_000
  const lastSlot = snapSlot(FIXTURE.now)
  beforeAll(async () => {
    f = await startApiFixture()
  })
  afterAll(() => f.close())

  const periodNow = Math.floor(lastSlot / RESTRICTION_PERIOD_MS)
  const indexOf = (placeId: number) => indexOfPlace(f.model, placeId)
  const restrictedNow = () => f.placeIds.filter((id) => restrictedInPeriod(f.model, indexOf(id), periodNow))

  /** Start of the run of restricted periods holding now: when the history marked it. */
  function restrictedSince(index: number): number {
    let p = periodNow
    while (restrictedInPeriod(f.model, index, p - 1)) p--
    const created = experienceAt(f.model, index).createdMs
    return Math.max(p * RESTRICTION_PERIOD_MS, Math.ceil(Math.max(created, historyStart) / SLOT_MS) * SLOT_MS)
  }

  it('names since when an experience is restricted, with the counters last seen before it', async () => {
    const restricted = restrictedNow()
    expect(restricted.length).toBeGreaterThan(0)
    for (const placeId of restricted) {
      const index = indexOf(placeId)
      const since = restrictedSince(index)
      const { status, body } = await getJson(f, `/api/place/${placeId}`)
      expect(status).toBe(200)
      const e = experience.parse(body)
      expect(e.restricted_since).toBe(new Date(since).toISOString())
      // No snapshot since the censoring began: the counters are those of the slot before it.
      expect(e.players_online).toBe(sampleAt(f.model, index, since - SLOT_MS).playing)
    }
  })

  it('answers null for experiences open now, including ones restricted before', async () => {
    const open = f.placeIds.filter((id) => !restrictedInPeriod(f.model, indexOf(id), periodNow))
    const before = open.filter((id) =>
      Array.from({ length: 20 }, (_, k) => periodNow - 1 - k).some((p) =>
        restrictedInPeriod(f.model, indexOf(id), p),
      ),
    )
    expect(before.length).toBeGreaterThan(0)
    for (const placeId of [...before.slice(0, 3), open[0] as number]) {
      const { body } = await getJson(f, `/api/place/${placeId}`)
      expect(experience.parse(body).restricted_since).toBeNull()
    }
  })

  it('leaves restricted experiences out of the platform totals', async () => {
    // Hand-worked from the model: a slot's total over the experiences open in it.
    const slot = lastSlot - SLOT_MS
    const period = Math.floor(slot / RESTRICTION_PERIOD_MS)
    const restricted = new Set(f.placeIds.filter((id) => restrictedInPeriod(f.model, indexOf(id), period)))
    expect(restricted.size).toBeGreaterThan(0)
    let ccu = 0
    let open = 0
    for (const placeId of f.placeIds) {
      const index = indexOf(placeId)
      if (experienceAt(f.model, index).createdMs > slot || restricted.has(placeId)) continue
      ccu += sampleAt(f.model, index, slot).playing
      open++
    }
    const rows = await f.raw<{ ccu: number; experiences: number }>(
      `SELECT toUInt32(tracked_ccu) AS ccu, toUInt32(tracked_experiences) AS experiences
       FROM ${tables.platformCcu} FINAL WHERE slot = {slot:DateTime('UTC')}`,
      { slot: slot / 1000 },
    )
    expect(rows).toEqual([{ ccu, experiences: open }])
    expect(open).toBe(f.placeIds.length - restricted.size)
  })
})
