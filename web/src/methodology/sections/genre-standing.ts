import { FAVORITES_PER_VISITS, STANDING_MIN_PLACES } from '@ludex/schemas'
import type { MethodologySection } from '../section.ts'

/** Genre standing and genre benchmarks (issue 20.6). */
export const genreStandingSection: MethodologySection = {
  id: 'genre-standing',
  title: 'Genre Standing and Benchmarks',
  computed: [
    'For each genre and day, the 25th, 50th, 75th and 90th percentiles over the genre\u2019s experiences of their day-average CCU, like ratio (up ÷ (up + down) votes at the day\u2019s end) and playtime, exact and linear between order statistics (the spreadsheet PERCENTILE.INC rule).',
    `An experience\u2019s standing is its percentile within its genre and within its sub-genre on the last complete day, on CCU, like %, playtime and favorites per ${FAVORITES_PER_VISITS.toLocaleString('en-US')} visits: the share of the group\u2019s experiences below it, ties counted half, so the median experience is at 50.`,
    `No percentile is given when fewer than ${STANDING_MIN_PLACES} experiences of the group have a value.`,
  ],
  samples: [
    'The day rollups of the 10-minute samples (a day runs from 01:00 to 01:00 UTC); votes, favorites and visits are the counters at the day\u2019s last sample. An experience counts in the genre it has now.',
  ],
  delay: [
    'A day\u2019s benchmarks are final once the day has ended and been rolled up, shortly after 01:00 UTC; the standing uses that last complete day.',
  ],
  pitfalls: [
    'A genre holds only the experiences Ludex tracks, which lean to the popular ones: the 50th percentile of a genre here is well above the median of every game of that genre on the platform.',
    'Playtime is undefined on a day without visits gained; favorites per visits favours young experiences, whose visit counters are small.',
    'Re-labelled genres move an experience between groups from one day to the next.',
  ],
}
