import { AGE_LIMITS, DATA_AREA, PRIVACY_POLICY_UPDATED_DATE, RETENTION } from '@ludex/schemas'
import { contactLine, type LegalContext, type LegalDocument } from './document.ts'
import { LEGAL_PATHS } from './paths.ts'

/** The privacy policy (part 2 §2.16: last updated 28 February 2025, 10 sections; facts of §9). */
export function privacyPolicy(context: LegalContext): LegalDocument {
  const ip = `${RETENTION.ipAddressDays} days`
  const visits = `${RETENTION.visitStatisticsMonths} months`
  return {
    title: 'Privacy Policy',
    description:
      'What personal data Ludex collects, why, how long it is kept (IP addresses 30 days, visit statistics 3 months) and your rights. No personal data leaves the EEA.',
    dated: { label: 'Last updated', date: PRIVACY_POLICY_UPDATED_DATE },
    intro: [
      'Ludex is an open-source analytics service for Roblox experiences. This policy explains what personal data the Ludex service at this address collects, what it is used for, how long it is kept and what you can do about it. We collect as little as we can.',
    ],
    sections: [
      {
        heading: '1. Who is responsible',
        blocks: [
          `The operator of this Ludex service is the controller of your personal data under the EU General Data Protection Regulation (GDPR). For any question or request about your data, ${contactLine(context)}.`,
        ],
      },
      {
        heading: '2. What we collect',
        blocks: [
          {
            list: [
              'Your account: first and last name, email address, a hash of your password (never the password itself), the interests and user type you choose, your role, and when you joined and were last active. If you sign in with Google, the identifier Google gives your account.',
              'What you create: your tags and the preferences the app remembers for you (table sizes, open panels).',
              'Visit statistics, only if you allow analytics: the pages you open, the page you came from, the time, your browser type and your IP address; and, when you sign up, the campaign parameters (such as utm_source) of the link that first brought you to Ludex.',
              'Error reports: when the app fails in your browser, the error message, the page and the app’s version, with your IP address.',
              'Server logs needed to keep the service secure, such as failed sign-in attempts.',
            ],
          },
          'We do not collect payment data, precise location or anything from your Roblox account.',
        ],
      },
      {
        heading: '3. Why we use it',
        blocks: [
          {
            list: [
              'To provide your account and its features (performing our agreement with you).',
              'To count visits and learn which pages help, only with your consent, which you can withdraw at any time.',
              'To find and fix errors and to protect the service and its users (our legitimate interest).',
              'To send the emails your account needs: address verification and password reset. We send no marketing email.',
            ],
          },
        ],
      },
      {
        heading: '4. Cookies',
        blocks: [
          {
            parts: [
              'We use a cookie to keep you signed in and one to remember your cookie choice; analytics run only if you allow them. The ',
              { label: 'Cookie Policy', to: LEGAL_PATHS.cookies },
              ' lists every cookie and how long it lasts.',
            ],
          },
        ],
      },
      {
        heading: '5. How long we keep it',
        blocks: [
          {
            list: [
              `IP addresses are deleted after ${ip}.`,
              `Visit statistics are kept for ${visits}, then deleted.`,
              'Your account data is kept until you request its deletion. You can delete your account from Settings at any time: your account, your tags and your preferences are then removed.',
            ],
          },
          'A scheduled job deletes what is past these periods.',
        ],
      },
      {
        heading: '6. Where it is stored',
        blocks: [
          `Your data is stored and processed on servers in the ${DATA_AREA.long} (${DATA_AREA.short}). No personal data leaves the ${DATA_AREA.short}. We do not sell personal data and we use no advertising or third-party tracking.`,
        ],
      },
      {
        heading: '7. Who we share it with',
        blocks: [
          `Only the providers we need to run the service (hosting and email delivery), under contracts that bind them to these rules and within the ${DATA_AREA.short}, and authorities where the law obliges us. If you choose Sign in with Google, Google learns that you signed in to Ludex, under Google’s own privacy policy.`,
        ],
      },
      {
        heading: '8. Your rights',
        blocks: [
          'You may ask for a copy of your data, have it corrected or deleted, restrict or object to its use, and receive it in a portable form. You can withdraw your consent to analytics at any time with Cookie Settings at the foot of every page, or in Settings when signed in. You may also complain to a data protection authority; in Portugal this is the Comissão Nacional de Proteção de Dados (CNPD).',
        ],
      },
      {
        heading: '9. Children',
        blocks: [
          `Ludex is not meant for children under ${AGE_LIMITS.noCollection}, and we do not knowingly collect any information from children under ${AGE_LIMITS.noCollection}. Users under ${AGE_LIMITS.parentalConsent} need the consent of a parent or guardian. If you believe a child has given us personal data, ${contactLine(context)} and we will delete it.`,
        ],
      },
      {
        heading: '10. Changes to this policy',
        blocks: [
          'We may update this policy; the date at the top says when it last changed. For changes that matter, we will tell account holders by email or in the service before they apply.',
        ],
      },
    ],
  }
}
