import type { MethodologySection } from '../section.ts'

/** Chart placement history and its entry / exit markers (issue 20.2 and 20.5). */
export const chartPlacementsSection: MethodologySection = {
  id: 'chart-placements',
  title: 'Chart Entries, Exits and Placement History',
  computed: [
    'Per chart category and UTC day, whether the experience held a ranked position at any capture of the day, and its best position.',
    'An entry is a day it is ranked after a captured day of the category on which it was not; an exit is a captured day of the category without it after a day it was ranked. The first day the category was captured opens the record and is not an entry.',
    'Days in the category count the ranked days; the best rank is the best position of any capture; the time at the best rank counts its captures at that position, each standing for its 10-minute slot.',
    'Sponsored tiles (paid placements the platform marks as sponsored) are flagged and counted as sponsored days; they have no rank, are not days in the category and never make an entry.',
    'On a rankings page, Entered and Left compare the shown day with the category\u2019s previous captured day in the same way.',
  ],
  samples: [
    'The chart captures: each category\u2019s sorts read every 10 minutes (hourly in backfilled history), with two upstream sorts of one category counted as one capture at the better position.',
  ],
  delay: [
    'A change appears with the first capture that shows it, within 10 minutes; a day\u2019s entries and exits are final once the day has ended.',
  ],
  pitfalls: [
    'A day Ludex did not capture the category at all is skipped, not read as an exit; but a day with only a few captures can miss a short stay and report an exit and a re-entry.',
    'An experience that flickers in and out at the bottom of a list enters and leaves often: read the ranks beside the dates.',
    'Sort ids are not documented by the platform; a category fed by a renamed sort shows a gap until Ludex maps the new id.',
  ],
}
