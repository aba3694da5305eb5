import {
  MAD_SCALE,
  SPIKE_BASELINE_WEEKS,
  SPIKE_FLAT_DEVIATION_SHARE,
  SPIKE_MAD_K,
  SPIKE_MIN_BASELINE_HOURS,
  SPIKE_MIN_CCU,
} from './constants.ts'

const WEEK_MS = 7 * 86_400_000

/** One hour of an experience's CCU: the hour bucket's start and its average CCU. */
export interface HourCcu {
  readonly time: number
  readonly ccu: number
}

/** A run of consecutive spike hours, told by its first hour and its peak. */
export interface CcuSpike {
  /** Start of the run's first hour (epoch ms). */
  readonly time: number
  /** The run's highest hourly CCU, its hour and that hour's baseline. */
  readonly peakTime: number
  readonly peakCcu: number
  readonly baselineMedian: number
  /** How many robust deviations the peak stood above its baseline median. */
  readonly deviations: number
  /** Hours in the run. */
  readonly hours: number
}

/** The median of a non-empty list (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** The hour's verdict against its baseline, or null when the baseline is too short to judge. */
export function spikeScore(
  ccu: number,
  baseline: readonly number[],
): { median: number; deviation: number; deviations: number; spike: boolean } | null {
  if (baseline.length < SPIKE_MIN_BASELINE_HOURS) return null
  const m = median(baseline)
  const mad = median(baseline.map((v) => Math.abs(v - m)))
  const deviation = mad > 0 ? MAD_SCALE * mad : Math.max(1, SPIKE_FLAT_DEVIATION_SHARE * m)
  const deviations = (ccu - m) / deviation
  return { median: m, deviation, deviations, spike: ccu >= SPIKE_MIN_CCU && deviations > SPIKE_MAD_K }
}

/**
 * The CCU spikes among the hours at or after `fromMs` (hours before it serve as baseline only): an hour
 * is a spike when its CCU is at least SPIKE_MIN_CCU and above the median of the same hour of the week in
 * the previous SPIKE_BASELINE_WEEKS weeks by more than SPIKE_MAD_K robust deviations (MAD × MAD_SCALE).
 * Consecutive spike hours make one spike. Input in any order; output oldest first.
 */
export function detectCcuSpikes(hours: readonly HourCcu[], fromMs: number): CcuSpike[] {
  const byTime = new Map(hours.map((h) => [h.time, h.ccu]))
  const times = [...byTime.keys()].filter((t) => t >= fromMs).sort((a, b) => a - b)
  const out: CcuSpike[] = []
  let open: {
    time: number
    last: number
    peakTime: number
    peakCcu: number
    median: number
    dev: number
    hours: number
  } | null = null
  const HOUR_MS = 3_600_000
  const close = () => {
    if (open)
      out.push({
        time: open.time,
        peakTime: open.peakTime,
        peakCcu: open.peakCcu,
        baselineMedian: open.median,
        deviations: open.dev,
        hours: open.hours,
      })
    open = null
  }
  for (const t of times) {
    const ccu = byTime.get(t) as number
    const baseline: number[] = []
    for (let w = 1; w <= SPIKE_BASELINE_WEEKS; w++) {
      const v = byTime.get(t - w * WEEK_MS)
      if (v !== undefined) baseline.push(v)
    }
    const score = spikeScore(ccu, baseline)
    if (!score?.spike) {
      close()
      continue
    }
    if (open && t - open.last === HOUR_MS) {
      open.last = t
      open.hours += 1
      if (ccu > open.peakCcu) {
        open.peakTime = t
        open.peakCcu = ccu
        open.median = score.median
        open.dev = score.deviations
      }
      continue
    }
    close()
    open = {
      time: t,
      last: t,
      peakTime: t,
      peakCcu: ccu,
      median: score.median,
      dev: score.deviations,
      hours: 1,
    }
  }
  close()
  return out
}
