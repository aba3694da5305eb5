import { SLOTS_PER_DAY } from './constants.ts'

/**
 * The daily shape of an audience: value per UTC slot of the day (mean 1 over the day), and the two running
 * sums the visits integral needs (Σ D[j] and Σ j·D[j] over j < n), so the integral of a linearly varying
 * level times the shape is closed-form within a day.
 */
export interface DiurnalShape {
  readonly value: Float64Array
  readonly cum: Float64Array
  readonly cumJ: Float64Array
}

/** Evening peak around 19:30 local time. */
const PEAK_SLOT = 117

export const AMPLITUDE_LEVELS = [0.3, 0.42, 0.54, 0.66] as const

export function buildDiurnal(zoneSlots: number, amplitude: number): DiurnalShape {
  const value = new Float64Array(SLOTS_PER_DAY)
  const cum = new Float64Array(SLOTS_PER_DAY + 1)
  const cumJ = new Float64Array(SLOTS_PER_DAY + 1)
  for (let j = 0; j < SLOTS_PER_DAY; j++) {
    const local = (j + zoneSlots + 2 * SLOTS_PER_DAY) % SLOTS_PER_DAY
    const phase = (2 * Math.PI * (local - PEAK_SLOT)) / SLOTS_PER_DAY
    value[j] = 1 + amplitude * Math.cos(phase) + 0.15 * amplitude * Math.cos(2 * phase)
    cum[j + 1] = (cum[j] ?? 0) + (value[j] ?? 0)
    cumJ[j + 1] = (cumJ[j] ?? 0) + j * (value[j] ?? 0)
  }
  return { value, cum, cumJ }
}

/** Shapes keyed by zone and amplitude level, built once per model. */
export class DiurnalTable {
  private readonly shapes = new Map<number, DiurnalShape>()

  get(zoneSlots: number, level: number): DiurnalShape {
    const key = zoneSlots * 16 + level
    let shape = this.shapes.get(key)
    if (!shape) {
      shape = buildDiurnal(zoneSlots, AMPLITUDE_LEVELS[level] ?? 0.4)
      this.shapes.set(key, shape)
    }
    return shape
  }
}
