import type { MethodologySection } from '../section.ts'
import { momentumSection } from './momentum.ts'
import { recentLikesSection } from './recent-likes.ts'

/** The sections of /methodology, in page order: one line per method (issue 20). */
export const METHODOLOGY_SECTIONS: readonly MethodologySection[] = [momentumSection, recentLikesSection]
