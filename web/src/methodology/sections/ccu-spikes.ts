import {
  MAD_SCALE,
  SPIKE_BASELINE_WEEKS,
  SPIKE_FLAT_DEVIATION_SHARE,
  SPIKE_MAD_K,
  SPIKE_MIN_BASELINE_HOURS,
  SPIKE_MIN_CCU,
} from '@ludex/schemas'
import type { MethodologySection } from '../section.ts'

/** CCU spike markers (issue 20.2); the numbers are the ones the API detects with (@ludex/schemas). */
export const ccuSpikesSection: MethodologySection = {
  id: 'ccu-spikes',
  title: 'CCU Spikes',
  computed: [
    `An hour is a spike when its average CCU is at least ${SPIKE_MIN_CCU} and lies more than ${SPIKE_MAD_K} robust deviations above the median of the same hour of the week in the previous ${SPIKE_BASELINE_WEEKS} weeks (Tuesday 20:00 is compared with the ${SPIKE_BASELINE_WEEKS} Tuesdays 20:00 before it).`,
    `A robust deviation is the median absolute deviation (MAD) of those ${SPIKE_BASELINE_WEEKS} hours × ${MAD_SCALE}, which equals one standard deviation for normally distributed values but is not moved by one wild week. When the baseline is flat (MAD = 0), ${Math.round(SPIKE_FLAT_DEVIATION_SHARE * 100)} % of the median, and at least one player, counts as one deviation.`,
    'Consecutive spike hours make one marker, placed at the first hour; its hover names the peak hour, its CCU, the baseline median and how many deviations it stood out. The marker links to the CCU chart, hourly, around that hour.',
  ],
  samples: [
    'The hourly rollups of the 10-minute concurrent-user samples (the exact mean of the hour\u2019s samples).',
  ],
  delay: [
    'A spike can be marked as soon as its hour is rolled up, within one 10-minute slot of the hour ending.',
  ],
  pitfalls: [
    `No verdict is given with fewer than ${SPIKE_MIN_BASELINE_HOURS} of the ${SPIKE_BASELINE_WEEKS} baseline hours: a newly tracked experience gets no spike markers for its first weeks.`,
    'A recurring weekly event (a Saturday update) becomes its own baseline after a few weeks and stops being marked; a one-off event during a holiday week may not stand out.',
    'Gaps in polling lower an hour\u2019s sample count, not its average; an hour with no sample is neither a spike nor part of a baseline.',
  ],
}
