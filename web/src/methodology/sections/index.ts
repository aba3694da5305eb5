import type { MethodologySection } from '../section.ts'
import { alertsSection } from './alerts.ts'
import { ccuSpikesSection } from './ccu-spikes.ts'
import { chartPlacementsSection } from './chart-placements.ts'
import { genreStandingSection } from './genre-standing.ts'
import { momentumSection } from './momentum.ts'
import { recentLikesSection } from './recent-likes.ts'
import { thumbnailChangesSection } from './thumbnail-changes.ts'

/** The sections of /methodology, in page order: one line per method (issue 20). */
export const METHODOLOGY_SECTIONS: readonly MethodologySection[] = [
  momentumSection,
  recentLikesSection,
  ccuSpikesSection,
  chartPlacementsSection,
  thumbnailChangesSection,
  genreStandingSection,
  alertsSection,
]
