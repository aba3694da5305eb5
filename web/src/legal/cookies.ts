import { COOKIES, PRIVACY_POLICY_UPDATED_DATE, SIGNUP_CALLOUT_DISMISS_DAYS } from '@ludex/schemas'
import { contactLine, type LegalContext, type LegalDocument, lifetime } from './document.ts'
import { LEGAL_PATHS } from './paths.ts'

/** The cookie policy (part 2 §2.16, §9): a table of the cookies the site sets and their lifetimes. */
export function cookiePolicy(context: LegalContext): LegalDocument {
  return {
    title: 'Cookie Policy',
    description:
      'The cookies Ludex sets, what each is for and how long it lasts: the session cookie, the analytics choice and the single sign-on state.',
    // Published with the privacy policy, whose date it shares.
    dated: { label: 'Last updated', date: PRIVACY_POLICY_UPDATED_DATE },
    intro: [
      'Cookies are small files a website keeps in your browser. Ludex uses as few as it can: one to keep you signed in, one to remember whether you allow analytics, and, only if you sign in with Google, one that Google’s sign-in script needs.',
    ],
    sections: [
      {
        heading: '1. The cookies we use',
        blocks: [
          {
            table: {
              caption: 'Cookies set on this site',
              columns: ['Cookie', 'What it is for', 'Kind', 'Set when', 'Lifetime'],
              rows: [
                [
                  context.sessionCookie,
                  'Keeps you signed in (session). It holds a random identifier, never your password.',
                  'Necessary',
                  'You sign in; removed when you sign out',
                  lifetime(COOKIES.session.days),
                ],
                [
                  COOKIES.analytics.name,
                  'Remembers your cookie choice: whether analytics may count your visits.',
                  'Analytics',
                  'You answer the cookie prompt or change Cookie Preferences',
                  lifetime(COOKIES.analytics.days),
                ],
                [
                  COOKIES.ssoState.name,
                  'Single sign-on state: remembers the state of Google’s sign-in prompt.',
                  'Necessary',
                  'Sign in with Google is offered on the sign-in page (written by Google’s script)',
                  lifetime(COOKIES.ssoState.days),
                ],
              ],
            },
          },
          'Visit statistics are counted only while your choice allows analytics; with analytics off, nothing about your visits is sent.',
        ],
      },
      {
        heading: '2. What the app keeps in your browser',
        blocks: [
          `Besides cookies, the app keeps a few settings in your browser’s storage, which never leave it: light or dark theme, the sidebar’s layout, table page sizes when signed out, and when you dismissed the sign-up invitation (it stays away for ${SIGNUP_CALLOUT_DISMISS_DAYS} days). It also keeps a copy of the app’s files so that later visits start faster; the statistics themselves are always fetched fresh.`,
        ],
      },
      {
        heading: '3. Your choices',
        blocks: [
          {
            parts: [
              'Choose with the cookie prompt when you first visit: Allow All, or Customize Settings to turn Analytics off. Change your mind at any time with Cookie Settings at the foot of every page, or under Cookie Preferences in Settings when signed in. You can also delete cookies in your browser; the prompt then asks again. Necessary cookies cannot be turned off: without them you cannot sign in. The ',
              { label: 'Privacy Policy', to: LEGAL_PATHS.privacy },
              ' explains how visit statistics are kept.',
            ],
          },
        ],
      },
      {
        heading: '4. Questions',
        blocks: [`For questions about cookies, ${contactLine(context)}.`],
      },
    ],
  }
}
