import { RECENT_LIKE_WINDOWS, RECENT_LIKES_MIN_VOTES } from '@ludex/schemas'
import type { MethodologySection } from '../section.ts'

const windows = RECENT_LIKE_WINDOWS.join(' and ')

/** Recent like % (issue 20.4); the numbers are the ones the API computes with (@ludex/schemas). */
export const recentLikesSection: MethodologySection = {
  id: 'recent-likes',
  title: 'Recent like %',
  computed: [
    `The platform gives lifetime vote totals, so an old game\u2019s like % barely moves. The recent like % is the share of up-votes among the votes cast in the last ${windows} days: up-votes added ÷ (up-votes added + down-votes added).`,
    'A day adds the rise of each total since the previous day with totals. A total that falls (votes removed or switched, or a reset by the platform) adds nothing that day, so a reset is never read as a flood of dislikes; the votes cast after it count again.',
    `It is not shown for a window with fewer than ${RECENT_LIKES_MIN_VOTES} votes: below that, chance alone moves the figure by more than about ±10 points.`,
  ],
  samples: [
    'The up- and down-vote totals polled with each 10-minute sample; each day keeps the totals of its last sample that had votes (a day runs from 01:00 to 01:00 UTC). A window needs the totals of the day before it starts, so it is given only once the history reaches that far back.',
  ],
  delay: [
    'Complete days only: the last point is the day that ended at 01:00 UTC, so the figure is up to a day behind the lifetime like %.',
  ],
  pitfalls: [
    'A vote changed from like to dislike shows as a new dislike, and the like it replaced is not taken back.',
    'After a day with no totals (an outage), the next day carries the votes of both, which can shift the window by a day.',
    'A reset of the counts by the platform hides the votes cast on the day of the reset.',
  ],
}
