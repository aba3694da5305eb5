import { COOKIES, siteInfo } from '@ludex/schemas'
import { defineRoute } from '../../http/route.ts'

export const siteRoute = defineRoute({
  method: 'GET',
  path: '/api/site',
  resource: 'site',
  summary: 'What the site’s footer and cookie policy show from the configuration',
  description:
    'Public. The links to the project’s social pages (SOCIAL_LINKS, in the order configured), the ' +
    'feedback mail address (FEEDBACK_EMAIL, or null) and the session cookie’s name ' +
    '(SESSION_COOKIE_NAME). The web app hides the social links and the mail link when they are unset.',
  response: siteInfo,
  // Configuration changes only with a restart.
  maxAgeSeconds: 300,
  handler: async ({ deps }) =>
    deps.site ?? { social_links: [], feedback_email: null, session_cookie: COOKIES.session.name },
})
