import { describe, expect, it } from 'vitest'
import { snapToSlot, snapUpToSlot } from './slots.ts'

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()

describe('10-minute snapping', () => {
  it('floors to the slot', () => {
    expect(iso(snapToSlot(at('2024-05-10T10:09:59.999Z')))).toBe('2024-05-10T10:00:00.000Z')
    expect(iso(snapToSlot(at('2024-05-10T10:10:00.000Z')))).toBe('2024-05-10T10:10:00.000Z')
    expect(iso(snapToSlot(at('2024-05-10T23:59:59.999Z')))).toBe('2024-05-10T23:50:00.000Z')
  })

  it('ceils to the next boundary unless already on one', () => {
    expect(iso(snapUpToSlot(at('2024-05-10T10:00:00.001Z')))).toBe('2024-05-10T10:10:00.000Z')
    expect(iso(snapUpToSlot(at('2024-05-10T10:00:00.000Z')))).toBe('2024-05-10T10:00:00.000Z')
    expect(iso(snapUpToSlot(at('2024-05-10T23:55:00.000Z')))).toBe('2024-05-11T00:00:00.000Z')
  })

  it('keeps ts inside [floor, ceil] with both on boundaries', () => {
    for (let ts = at('2024-01-01T00:00:00Z'); ts < at('2024-01-01T02:00:00Z'); ts += 61_001) {
      const lo = snapToSlot(ts)
      const hi = snapUpToSlot(ts)
      expect(lo % 600_000).toBe(0)
      expect(hi % 600_000).toBe(0)
      expect(lo <= ts && ts <= hi).toBe(true)
      expect(hi - lo).toBe(ts === lo ? 0 : 600_000)
    }
  })
})
