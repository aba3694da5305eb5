/**
 * One method on /methodology (issue 20): what is computed, from which samples, with what delay, and
 * what can go wrong, each a list of paragraphs. `id` is the section's anchor (/methodology#<id>), the
 * address every figure it explains links to.
 */
export interface MethodologySection {
  readonly id: string
  readonly title: string
  readonly computed: readonly string[]
  readonly samples: readonly string[]
  readonly delay: readonly string[]
  readonly pitfalls: readonly string[]
}

/** The four parts of every section, in order, with their headings. */
export const SECTION_PARTS = [
  { key: 'computed', heading: 'What is computed' },
  { key: 'samples', heading: 'From which samples' },
  { key: 'delay', heading: 'Delay' },
  { key: 'pitfalls', heading: 'What can go wrong' },
] as const satisfies readonly { key: keyof MethodologySection; heading: string }[]
