/** The public page where every computed figure's method is written down (issue 20). */
export const METHODOLOGY_PATH = '/methodology'

/** The deep link to one section of /methodology. */
export function methodologyLink(sectionId: string): string {
  return `${METHODOLOGY_PATH}#${sectionId}`
}
