import type { MethodologySection } from '../section.ts'
import { alertsSection } from './alerts.ts'

/** The sections of /methodology, in page order: one line per method (issue 20). */
export const METHODOLOGY_SECTIONS: readonly MethodologySection[] = [alertsSection]
