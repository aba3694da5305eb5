import type { PlaceSnapshotV1 } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { snapshot } from '../bus/bus-contract.ts'
import { latestColumns, latestRows, snapshotRows } from './rows.ts'
import { TsvWriter } from './tsv-writer.ts'

/** The writer's output as text: numbers in the same decimal form as String(v). */
function written(values: readonly number[]): string {
  const w = new TsvWriter(16)
  for (const v of values) w.uint(v)
  w.endRow()
  return w.bytes().toString('latin1')
}

/** A snapshot row as the string-built encoder wrote it before the byte writer (the reference). */
function referenceRow(m: PlaceSnapshotV1): string {
  const n = (v: number | null) => (v === null ? '\\N' : String(v))
  return `${[m.place_id, m.universe_id, m.slot / 1000, m.observed_at, m.playing, m.visits, m.favorites]
    .map(String)
    .join('\t')}\t${n(m.up_votes)}\t${n(m.down_votes)}\t${m.source}\n`
}

describe('TsvWriter.uint', () => {
  it('writes every integer as String() does, across each digit count and the 1e8 split', () => {
    const values: number[] = []
    for (let v = 0; v <= 20_000; v++) values.push(v)
    for (let p = 1; p <= 1e15; p *= 10) values.push(p - 1, p, p + 1, 2 * p - 1, 5 * p + 3)
    values.push(99_999_999, 100_000_000, 100_000_001, 100_000_010, 1_0000000_00000001)
    values.push(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1, 2 ** 32, 2 ** 32 - 1, 2 ** 31)
    // Low parts with inner and leading zeros: 12_00000305, 7_00000000.
    values.push(1_200_000_305, 700_000_000, 1_704_067_200_000, 1_704_067_200)
    let seed = 12_345
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      values.push(Math.floor((seed / 2 ** 31) * 10 ** (1 + (i % 16))))
    }
    expect(written(values)).toBe(`${values.map(String).join('\t')}\n`)
  })
})

describe('snapshotRows', () => {
  it('is byte for byte the string-built encoding: nulls, zeros, extremes', () => {
    const base = snapshot(7, 3)
    const batch: PlaceSnapshotV1[] = [
      base,
      { ...base, up_votes: null, down_votes: null, playing: 0, visits: 0, favorites: 0 },
      { ...base, up_votes: 0, down_votes: Number.MAX_SAFE_INTEGER, visits: Number.MAX_SAFE_INTEGER },
      { ...base, universe_id: 1, place_id: 1, slot: 0, observed_at: 0, source: 'backfill' },
      { ...base, slot: Date.UTC(2299, 11, 31, 23, 50), observed_at: Date.UTC(2299, 11, 31, 23, 59, 59, 999) },
      { ...base, playing: 4_294_967_295, favorites: 100_000_000, up_votes: 99_999_999, down_votes: 9 },
    ]
    const rows = snapshotRows(batch)
    expect(rows.count).toBe(batch.length)
    expect(Buffer.from(rows.text).toString('latin1')).toBe(batch.map(referenceRow).join(''))
  })
})

describe('latestRows', () => {
  it("writes each place's newest snapshot of the batch once: the later slot, then the later observation", () => {
    const at = (place: number, slot: number, observed: number, playing: number): PlaceSnapshotV1 => ({
      ...snapshot(place, 0),
      place_id: place,
      universe_id: place + 100,
      slot: slot * 600_000,
      observed_at: slot * 600_000 + observed,
      playing,
    })
    const batch = [
      at(1, 5, 10, 15), // place 1's newest, first in the batch
      at(2, 3, 10, 23),
      at(1, 4, 90, 14), // older slot after it, observed later within its own slot
      at(2, 3, 40, 24), // same slot as place 2's first, observed later: this one
      at(3, 7, 10, 37),
      at(2, 3, 20, 25),
    ]
    const rows = latestRows(batch)
    expect(rows.columns).toEqual(latestColumns)
    expect(rows.count).toBe(3)
    // The snapshot encoding without its last column (source), in the order the places first appear.
    const line = (m: PlaceSnapshotV1) => referenceRow(m).replace(/\t[a-z]+\n$/, '\n')
    expect(Buffer.from(rows.text).toString('latin1')).toBe(
      [batch[0]!, batch[3]!, batch[4]!].map(line).join(''),
    )
  })

  it('writes nothing for an empty batch', () => {
    expect(latestRows([]).count).toBe(0)
  })
})
