import { RETENTION } from '@ludex/schemas'

/** The cookie prompt's words: the buttons and toggles are the spec's (part 1 §2), verbatim. */
export const PROMPT_TEXT = {
  title: 'Cookies on Ludex',
  body:
    'Ludex needs one cookie to keep you signed in and to remember this choice. With your permission it ' +
    'also counts the pages you visit, on its own servers, to learn which pages help. No advertising, ' +
    'no third-party trackers.',
  policy: 'Cookie Policy',
  customize: 'Customize Settings',
  allowAll: 'Allow All',
  save: 'Save Settings',
  necessary: 'Necessary',
  necessaryHelp: 'Keeps you signed in and remembers your cookie choice. Always on.',
  analytics: 'Analytics',
  analyticsHelp: `Counts page views (session tracking), kept for ${RETENTION.visitStatisticsMonths} months.`,
} as const
