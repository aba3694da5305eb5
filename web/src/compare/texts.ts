import { COMPARE_MAX_EXPERIENCES } from '@ludex/schemas'

/** The compare pages' visible texts: the spec's verbatim (part 2 §2.5, §8), the rest Ludex's own. */
export const COMPARE_TEXT = {
  experiencesTitle: 'Compare Experiences',
  experienceTagTitle: 'Compare Experience vs Tag',
  tagsTitle: 'Compare Tags',
  linkCopied: 'Comparison link has been copied to your clipboard.',
  share: 'Share',
  compare: 'Compare',
  addExperience: 'Add Experience',
  compareWith: 'Compare with…',
  alignByLaunch: 'Align by launch',
  alignHint: 'Plot each experience against days since its release (or creation when unset)',
  daysSinceLaunch: 'Days since launch',
  duplicates: 'Each experience can be compared once: remove the repeated one.',
  tooMany: `At most ${COMPARE_MAX_EXPERIENCES} experiences can be compared.`,
  pickTwo: 'Pick two experiences or more to compare them.',
  pickTagAndExperience: 'Pick a tag and at least one experience to compare them.',
  pickTwoTags: 'Pick two tags to compare them.',
  sameTag: 'Pick two different tags.',
  // Chart titles (part 2 §2.5: the two verbatim ones, the rest the detail page's).
  ccu: 'CCU',
  averagePlaytime: 'Average Playtime',
  visits: 'Visits',
  likeRate: 'Like Rate',
  experiencesVsTagCcu: 'Experiences vs Average Tag CCU',
  experienceVsTagPlaytime: 'Experience vs Tag Average Playtime',
  tagVsTagCcu: 'Tag vs Tag Average CCU',
  tagVsTagPlaytime: 'Tag vs Tag Average Playtime',
  lastCompleted: 'last completed',
} as const
