import { AGE_LIMITS, GOVERNING_LAW, LIABILITY_CAP, TERMS_EFFECTIVE_DATE } from '@ludex/schemas'
import { contactLine, type LegalContext, type LegalDocument } from './document.ts'
import { LEGAL_PATHS } from './paths.ts'

/** The terms of use (part 2 §2.16: effective 2025-03-12, 15 sections; facts of §9). */
export function termsOfUse(context: LegalContext): LegalDocument {
  return {
    title: 'Terms of Use',
    description:
      'The terms for using Ludex, the open-source analytics service for Roblox experiences: accounts, fair use, paid features, liability and the governing law.',
    dated: { label: 'Effective', date: TERMS_EFFECTIVE_DATE },
    intro: [
      'Ludex is an open-source service that tracks public statistics of experiences on the Roblox platform. These terms apply to the Ludex service you are using at this address, run by its operator ("we", "us"). By using it, with or without an account, you agree to them.',
    ],
    sections: [
      {
        heading: '1. The service',
        blocks: [
          'Ludex shows concurrent users, visits, likes, favorites, playtime, chart rankings, daily picks, genres, creators and tags of Roblox experiences, over time. Visitors without an account see the last 30 days; a free account unlocks the full history, comparisons and personal tags.',
          'Ludex is not affiliated with, endorsed by or sponsored by Roblox Corporation. Roblox and the names of experiences are trademarks of their owners.',
        ],
      },
      {
        heading: '2. Who may use Ludex',
        blocks: [
          `You must be at least ${AGE_LIMITS.noCollection} years old to create an account. If you are under ${AGE_LIMITS.parentalConsent}, you may create an account only with the consent of a parent or guardian, who accepts these terms for you.`,
        ],
      },
      {
        heading: '3. Your account',
        blocks: [
          'Give a real name and an email address you can read: we send the verification link there. Keep your password to yourself; you are responsible for what is done with your account. If you sign in with Google, Google confirms your email address to us.',
          'Tell us at once if you believe someone else has used your account.',
        ],
      },
      {
        heading: '4. Free and paid features',
        blocks: [
          'Ludex is free to use today. Should paid features or subscriptions be offered, the payment and subscription terms will be disclosed before purchase, and you will only be charged after accepting them.',
          'Subscription fees are non-refundable except where the law requires otherwise. Your rights as a consumer under the law of your country of residence are not affected.',
        ],
      },
      {
        heading: '5. Acceptable use',
        blocks: [
          'Use Ludex lawfully and fairly. In particular, do not:',
          {
            list: [
              'get around the limits placed on visitors or accounts, or use another person’s account;',
              'copy the service’s data in bulk by automated means, or put the servers under unreasonable load;',
              'probe, scan or attack the service, or interfere with other users;',
              'use the service to break the rules of the Roblox platform or anyone’s rights.',
            ],
          },
        ],
      },
      {
        heading: '6. The statistics',
        blocks: [
          'The statistics come from public data of the Roblox platform, collected at intervals. They can be delayed, incomplete or wrong, and the platform may change what it publishes. They are offered for information; check anything you rely on.',
        ],
      },
      {
        heading: '7. What you create',
        blocks: [
          'Tags, names and other content you create remain yours. You allow us to store them and show them to you and, where you share them, to others, for as long as they are in the service. Do not add content that is unlawful or that infringes anyone’s rights.',
        ],
      },
      {
        heading: '8. Open source',
        blocks: [
          'The Ludex software is open source and its licence governs the code. These terms govern this service: running your own copy of the software does not make us responsible for it, and you are the operator of your copy.',
        ],
      },
      {
        heading: '9. Privacy and cookies',
        blocks: [
          {
            parts: [
              'How we handle personal data is explained in the ',
              { label: 'Privacy Policy', to: LEGAL_PATHS.privacy },
              '; the cookies we set are listed in the ',
              { label: 'Cookie Policy', to: LEGAL_PATHS.cookies },
              '.',
            ],
          },
        ],
      },
      {
        heading: '10. Availability and changes to the service',
        blocks: [
          'We work to keep Ludex available but do not promise that it will be uninterrupted or error-free. We may change, add or remove features, and may pause the service for maintenance.',
        ],
      },
      {
        heading: '11. Ending your use',
        blocks: [
          'You may stop using Ludex at any time and delete your account from Settings; its data is then removed as the Privacy Policy describes. We may suspend or close an account that breaks these terms, and will tell you why unless the law forbids it.',
        ],
      },
      {
        heading: '12. No warranty',
        blocks: [
          'Ludex is provided "as is" and "as available". To the extent the law allows, we make no warranty that it fits a particular purpose or that its data is accurate or complete.',
        ],
      },
      {
        heading: '13. Limitation of liability',
        blocks: [
          `To the extent the law allows, our total liability to you for any claim about the service is limited to ${LIABILITY_CAP.euros} euros or the amount you paid us in the last ${LIABILITY_CAP.lookbackMonths} months, whichever is lower. Nothing in these terms limits liability that cannot be limited by law, such as for intent or gross negligence.`,
        ],
      },
      {
        heading: '14. Changes to these terms',
        blocks: [
          'We may update these terms. The date at the top says when the current version took effect; for changes that matter, we will tell account holders by email or in the service before they apply. Using Ludex after that means you accept the new terms.',
        ],
      },
      {
        heading: '15. Governing law and contact',
        blocks: [
          `These terms are governed by ${GOVERNING_LAW.adjective} law, and the courts of ${GOVERNING_LAW.country} have jurisdiction, without taking away the protection the law of your country of residence gives you as a consumer. For questions about these terms, ${contactLine(context)}.`,
        ],
      },
    ],
  }
}
