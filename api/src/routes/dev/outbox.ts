import { outboxList } from '@ludex/schemas'
import { accountsOf } from '../../accounts/route-support.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'

/**
 * Local development only: the mails kept in the outbox (no SMTP_URL), newest first, with their live
 * links and no authentication. Mounted only when MAIL_OUTBOX_PAGE asks for it, which the configuration
 * refuses on a non-loopback PUBLIC_URL or HOST.
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
