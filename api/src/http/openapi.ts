import { API_KEY_PREFIX, API_KEY_SCHEME, apiError, EVENT_HEADERS } from '@ludex/schemas'
import { z } from 'zod'
import { RATE_LIMIT_HEADERS } from '../api-keys/api-rate-limit.ts'
import { type PublishedLimits, publishedApiText } from '../api-keys/published.ts'
import { CSV_TYPE } from './export/csv-answer.ts'
import type { ResponseHeader, RouteDef } from './route.ts'
import { declaredKeys } from './validate.ts'

type JsonSchema = Record<string, unknown>

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }) => plainTuple(jsonSchema as JsonSchema),
  }) as JsonSchema
  return rest
}

/**
 * A tuple whose members share one schema ([time, value] rows are [number, number]) is written as what
 * it equally is, an array of exactly n such items. `prefixItems` is Draft 2020-12 only: OpenAPI 3.0
 * tools and Schemathesis 4.32 (which reads it back as Draft 4's `items: [...]` and then rejects its
 * own schema) misread it, while `items` with `minItems`/`maxItems` means the same in every draft.
 */
function plainTuple(schema: JsonSchema): void {
  const prefix = schema.prefixItems
  if (!Array.isArray(prefix) || prefix.length === 0 || schema.items !== false) return
  const first = JSON.stringify(prefix[0])
  if (!prefix.every((item) => JSON.stringify(item) === first)) return
  if (schema.minItems !== prefix.length || schema.maxItems !== prefix.length) return
  schema.items = prefix[0]
  delete schema.prefixItems
}

function fieldOf(schema: z.ZodType | undefined, key: string): z.ZodType {
  return (schema as unknown as { shape: Record<string, z.ZodType> }).shape[key] as z.ZodType
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input: the error names the field at fault',
  401: 'Not signed in',
  403: 'Not allowed (a missing permission, or a state-changing call from a foreign Origin)',
  428: 'Precondition required',
  404: 'Not found',
  406: 'None of the accepted content types can be produced',
  409: 'Conflict',
  413: 'The body is larger than the call takes',
  429: 'Too many requests',
  500: 'Internal error (no detail is leaked)',
  502: 'The upstream platform did not answer',
  503: 'A part the call needs is unavailable now: try again later',
}

/** Headers an error status always carries, stated so that clients (and the fuzz run's checks) rely on them. */
const STATUS_HEADERS: Record<number, Record<string, unknown>> = {
  429: {
    'Retry-After': {
      description: 'Seconds until the limit lets another attempt through',
      required: true,
      schema: { type: 'integer', minimum: 0 },
    },
  },
}

/** What every CSV-capable call adds to its description (the `format` parameter says the rest). */
const CSV_SENTENCE =
  'CSV: `format=csv` (or `Accept: text/csv` without `format`) answers the same rows as a text/csv ' +
  'attachment: one CSV row per JSON row (a series point, a list entry), times in ISO 8601 UTC, a header ' +
  'row naming each column with its unit, named from the call and its range; the visitor window and the ' +
  'X-Ludex-* headers are those of the JSON answer.'

const CSV_HEADERS: Readonly<Record<string, ResponseHeader>> = {
  'Content-Disposition': {
    description: 'On a CSV answer: attachment; filename="<call>-<parameters and range>.csv"',
  },
}

/** The public API's budget, announced on every answer (absent only on a server without accounts). */
const RATE_LIMIT_RESPONSE_HEADERS: Record<string, unknown> = {
  [RATE_LIMIT_HEADERS.limit]: {
    description: 'Calls the budget allows per window',
    schema: { type: 'integer', minimum: 1 },
  },
  [RATE_LIMIT_HEADERS.remaining]: {
    description: 'Calls left in the current window',
    schema: { type: 'integer', minimum: 0 },
  },
  [RATE_LIMIT_HEADERS.reset]: {
    description: 'Seconds until the window ends and the budget is whole again',
    schema: { type: 'integer', minimum: 1 },
  },
  [RATE_LIMIT_HEADERS.policy]: {
    description: 'The budget as `limit;w=window seconds`',
    schema: { type: 'string' },
  },
}

/** How a call names who is asking, for its `security` entry. */
function securityOf(route: RouteDef): Record<string, string[]>[] {
  if (route.security === 'gameKey') return [{ gameKey: [] }]
  // Every call reads the session or an API key when there is one (signed-in users see more history
  // than visitors); only the calls that need a user require one.
  return route.requires ? [{ session: [] }, { apiKey: [] }] : [{}, { session: [] }, { apiKey: [] }]
}

/** The OpenAPI 3.1 document of the routes, generated from their zod schemas. */
export function buildOpenApi(
  routes: readonly RouteDef[],
  info: { version: string; limits?: PublishedLimits },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  const errorSchema = jsonSchema(apiError, 'output')
  for (const route of routes) {
    const parameters = [
      ...[...declaredKeys(route.params)].map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: jsonSchema(fieldOf(route.params, name), 'input'),
      })),
      ...[...declaredKeys(route.query)].map((name) => {
        const field = fieldOf(route.query, name)
        const schema = jsonSchema(field, 'input')
        // The route's own words, else the shared parameter's (a time says its formats and range).
        const description = field.description ?? (schema.description as string | undefined)
        return {
          name,
          in: 'query',
          required: !field.safeParse(undefined).success,
          schema,
          ...(description && { description }),
        }
      }),
      ...Object.entries(route.requestHeaders ?? {}).map(([name, header]) => ({
        name,
        in: 'header',
        required: header.required,
        description: header.description,
        schema: { type: 'string', ...(header.pattern && { pattern: header.pattern }) },
      })),
    ]
    const success: Record<string, unknown> = {
      'application/json': { schema: jsonSchema(route.response, 'output') },
    }
    for (const type of route.alternativeContentTypes ?? []) success[type] = { schema: { type: 'string' } }
    if (route.csv) success[CSV_TYPE] = { schema: { type: 'string' } }
    const headers: [string, unknown][] = Object.entries({
      ...route.responseHeaders,
      ...(route.csv && CSV_HEADERS),
    }).map(([name, h]) => [
      name,
      { description: h.description, schema: { type: 'string', ...(h.format && { format: h.format }) } },
    ])
    if (route.security !== 'gameKey') headers.push(...Object.entries(RATE_LIMIT_RESPONSE_HEADERS))
    const responses: Record<string, unknown> = {
      200: {
        description: 'Success',
        ...(headers.length > 0 && { headers: Object.fromEntries(headers) }),
        content: success,
      },
    }
    for (const [status, other] of Object.entries(route.otherResponses ?? {})) {
      responses[status] = {
        description: other.description,
        content: { 'application/json': { schema: jsonSchema(other.schema, 'output') } },
      }
    }
    const guard = !route.requires ? [] : route.requires === 'user' ? [401] : [401, 403]
    const capped = route.maxBodyBytes === undefined ? [] : [413]
    // Any call may meet the public API's budget (429), and a call sent with an unknown or revoked API
    // key is refused (401) whatever it asks.
    const limited = route.security === 'gameKey' ? [] : [401, 429]
    const statuses = new Set([400, ...guard, ...capped, ...limited, ...(route.errors ?? []), 500])
    for (const status of [...statuses].sort((a, b) => a - b)) {
      responses[status] = {
        description: STATUS_TEXT[status] ?? 'Error',
        ...(STATUS_HEADERS[status] && { headers: STATUS_HEADERS[status] }),
        content: { 'application/json': { schema: errorSchema } },
      }
    }
    const operation = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: route.summary,
      ...((route.description || route.csv || (route.requires && route.requires !== 'user')) && {
        description: [
          route.description,
          route.csv && CSV_SENTENCE,
          route.maxBodyBytes !== undefined && `The body is at most ${route.maxBodyBytes} bytes (413 beyond).`,
          route.requires === 'staff'
            ? 'For editors and admins.'
            : route.requires && route.requires !== 'user' && `Needs the ${route.requires} permission.`,
        ]
          .filter(Boolean)
          .join(' '),
      }),
      security: securityOf(route),
      tags: [route.resource],
      ...(parameters.length > 0 && { parameters }),
      ...(route.body && {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
        },
      }),
      responses,
    }
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ludex API',
      version: info.version,
      description:
        'Public statistics of Roblox experiences. Visitors get the last 30 days of history on every dated answer (series, buckets, dates, price and thumbnail histories): nothing in it starts before now − 30 days, and an answer whose start was moved there carries the X-Ludex-History-Start header with the time it starts from.\n\n' +
        publishedApiText(info.limits),
    },
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'ludex_session',
          description: 'The session cookie set by sign-in',
        },
        apiKey: {
          type: 'http',
          scheme: API_KEY_SCHEME.toLowerCase(),
          bearerFormat: `${API_KEY_PREFIX}…`,
          description:
            'An API key created on Settings, acting as its owner (never more than the owner’s session); the account calls still need the session',
        },
        gameKey: {
          type: 'apiKey',
          in: 'header',
          name: EVENT_HEADERS.gameKey,
          description: `An event credential's game key; the request is also signed with its secret key (${EVENT_HEADERS.timestamp} and ${EVENT_HEADERS.signature}: see POST /api/events)`,
        },
      },
    },
  }
}
