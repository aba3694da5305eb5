import { authProviders } from '@ludex/schemas'
import { defineRoute } from '../../http/route.ts'

export const providersRoute = defineRoute({
  method: 'GET',
  path: '/api/auth/providers',
  resource: 'auth',
  summary: 'The single sign-on providers this server offers (Google: its OAuth client id, or null)',
  description:
    'Public. The sign-in screen shows the Google button, and loads Google’s script, only when `google` ' +
    'is set (GOOGLE_CLIENT_ID). A server without accounts offers none.',
  response: authProviders,
  // Configuration changes only with a restart; a short cache spares the sign-in screen a round trip.
  maxAgeSeconds: 300,
  handler: async ({ deps }) => {
    const google = deps.accounts?.google
    return { google: google ? { client_id: google.clientId } : null }
  },
})
