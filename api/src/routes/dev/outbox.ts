import { outboxList } from '@ludex/schemas'
import { accountsOf } from '../../accounts/route-support.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'

/**
 * Development only: the mails kept in the outbox (no SMTP_URL), newest first. Mounted only when the
 * server runs with NODE_ENV=development and the outbox mailer; never in production.
 */
export const devOutboxRoute = defineRoute({
  method: 'GET',
  path: '/api/dev/outbox',
  resource: 'dev',
  summary: 'Development: mails kept in the outbox instead of being sent',
  response: outboxList,
  errors: [404],
  handler: async ({ deps }) => {
    const outbox = accountsOf(deps).outbox
    if (!outbox) throw ApiError.notFound('There is no outbox: mail goes over SMTP')
    return outbox.list()
  },
})

export const devRoutes = [devOutboxRoute]
