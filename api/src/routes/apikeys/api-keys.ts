import {
  API_KEY_CAP_REACHED,
  API_KEY_USAGE_DAYS,
  apiKeyCreate,
  apiKeyCreated,
  apiKeyList,
  appDatabaseIdParam,
  okResponse,
} from '@ludex/schemas'
import { z } from 'zod'
import { accountOf, accountsOf, clientIp } from '../../accounts/route-support.ts'
import { ApiKeyCapError } from '../../api-keys/api-keys.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'

/*
 * A signed-in user's API keys (issue 21.3), on Settings. These are account calls: they read the
 * session, so a call made with an API key is refused (401) and a leaked key cannot mint or revoke
 * keys. Never cached (no-store: they are the user's alone).
 */

export const apiKeyListRoute = defineRoute({
  method: 'GET',
  path: '/api/users/me/api-keys',
  resource: 'users',
  summary: 'The signed-in user’s API keys (not revoked) with their calls per day',
  description:
    'Newest first: {id, name, start (the key’s first characters), created, last_used (UTC day), ' +
    `calls_today, usage: calls per UTC day over the last ${API_KEY_USAGE_DAYS} days}, with the number ` +
    'of keys a user may hold (max_keys) and the budget each key gets (limit calls per window_seconds). ' +
    'The keys themselves are never shown again after they were created. Needs the session (an API key ' +
    'cannot list keys).',
  response: apiKeyList,
  requires: 'user',
  handler: async ({ viewer, deps }) => {
    const accounts = accountsOf(deps)
    const { user } = accountOf(viewer)
    return {
      keys: await accounts.apiKeys.list(user.id),
      max_keys: accounts.apiKeys.cap,
      limit: accounts.limits.apiKey.limit,
      window_seconds: Math.round(accounts.limits.apiKey.windowMs / 1000),
    }
  },
})

export const apiKeyCreateRoute = defineRoute({
  method: 'POST',
  path: '/api/users/me/api-keys',
  resource: 'users',
  summary: 'Create an API key (shown once)',
  description:
    'Takes {name} (trimmed, not empty, at most 100 characters). Answers the key’s summary with `key`: ' +
    'the only time the key is ever sent (only its SHA-256 is stored). Send it as ' +
    '`Authorization: Bearer <key>`; it acts as its owner with the owner’s role. A user holds at most ' +
    `API_KEYS_PER_USER keys (10 by default) not revoked: one more is a 409 '${API_KEY_CAP_REACHED}'. ` +
    'Audited (api_key.create, never with the key). Needs the session.',
  body: apiKeyCreate,
  response: apiKeyCreated,
  requires: 'user',
  errors: [403, 409],
  handler: async ({ body, viewer, deps, ctx }) => {
    const accounts = accountsOf(deps)
    const { user } = accountOf(viewer)
    let created: Awaited<ReturnType<typeof accounts.apiKeys.create>>
    try {
      created = await accounts.apiKeys.create(user.id, body.name)
    } catch (err) {
      if (err instanceof ApiKeyCapError) {
        throw new ApiError(409, 'api_key_cap', API_KEY_CAP_REACHED, undefined, { cause: err })
      }
      throw err
    }
    await accounts.store.audit.record({
      at: new Date(accounts.now()),
      actorId: user.id,
      action: 'api_key.create',
      target: `api_key:${created.summary.id}`,
      details: { name: created.summary.name, start: created.summary.start },
      ip: clientIp(ctx),
    })
    return { ...created.summary, key: created.key }
  },
})

export const apiKeyRevokeRoute = defineRoute({
  method: 'DELETE',
  path: '/api/users/me/api-keys/{id}',
  resource: 'users',
  summary: 'Revoke one of the signed-in user’s API keys',
  description:
    'From then on a call with the key is refused with 401 on every API process. A key the user does ' +
    'not hold (another user’s, or one revoked already) is a 404. Audited (api_key.revoke). Needs the ' +
    'session.',
  params: z.object({ id: appDatabaseIdParam }),
  response: okResponse,
  requires: 'user',
  errors: [403, 404],
  handler: async ({ params, viewer, deps, ctx }) => {
    const accounts = accountsOf(deps)
    const { user } = accountOf(viewer)
    if (!(await accounts.apiKeys.revoke(user.id, params.id))) {
      throw ApiError.notFound(`You hold no API key ${params.id}`)
    }
    await accounts.store.audit.record({
      at: new Date(accounts.now()),
      actorId: user.id,
      action: 'api_key.revoke',
      target: `api_key:${params.id}`,
      details: {},
      ip: clientIp(ctx),
    })
    return { ok: true as const }
  },
})
