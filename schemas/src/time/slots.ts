import { TEN_MINUTES_MS } from '../bus/common.ts'

/** Floors an instant to its 10-minute slot (the poll slot; also how range starts snap). */
export function snapToSlot(ts: number): number {
  return Math.floor(ts / TEN_MINUTES_MS) * TEN_MINUTES_MS
}

/** Ceils an instant to a 10-minute boundary; time ends snap up so the last slot is included. */
export function snapUpToSlot(ts: number): number {
  return Math.ceil(ts / TEN_MINUTES_MS) * TEN_MINUTES_MS
}
