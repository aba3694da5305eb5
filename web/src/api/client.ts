import { PARTIAL_FROM_HEADER, partialFromMs } from '@ludex/schemas'
import type { z } from 'zod'
import { SCHEMA_GROUPS, type SchemaGroup } from './response-schemas/groups.ts'
import { type ResponseSchemas, SCHEMA_MODULES } from './response-schemas/modules.ts'
import { apiFetch } from './transport.ts'

/** The name of a response schema (response-schemas/groups.ts). */
export type ResponseSchemaName = keyof ResponseSchemas
/** What the schema of that name parses to. */
export type ResponseOf<K extends ResponseSchemaName> = z.output<ResponseSchemas[K]>

const GROUP_OF: ReadonlyMap<string, SchemaGroup> = new Map(
  (Object.keys(SCHEMA_GROUPS) as SchemaGroup[]).flatMap((group) =>
    SCHEMA_GROUPS[group].map((name) => [name, group] as const),
  ),
)

/** The module of the schema's group, loaded on its first call (later calls get the cached module). */
const loadSchemas = (name: ResponseSchemaName): Promise<Partial<ResponseSchemas>> => {
  const group = GROUP_OF.get(name)
  if (!group) throw new Error(`No response schema group lists ${name}`)
  return SCHEMA_MODULES[group]()
}

/** A non-success answer of the API: the status drives the error page (404 vs the generic one). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The HTTP status text ('Conflict'), for messages that show '{status} {statusText}'. */
    readonly statusText = '',
    /** The parsed JSON body, when there was one (a 428 sign-in carries a token in it). */
    readonly body: unknown = undefined,
  ) {
    super(message)
    this.name = 'ApiRequestError'
  }
}

async function requestError(res: Response): Promise<ApiRequestError> {
  let code = 'http_error'
  let message = `${res.status} ${res.statusText}`
  let body: unknown
  try {
    body = await res.json()
    const envelope = body as { error?: { code?: string; message?: string } } | null
    code = envelope?.error?.code ?? code
    message = envelope?.error?.message ?? message
  } catch {
    // Not JSON (a proxy's page): keep the status text.
  }
  return new ApiRequestError(res.status, code, message, res.statusText, body)
}

async function parsed<K extends ResponseSchemaName>(
  res: Response,
  path: string,
  schemas: Promise<Partial<ResponseSchemas>>,
  schemaName: K,
): Promise<ResponseOf<K>> {
  const body: unknown = await res.json()
  // Indexing the module by a generic key widens to the union of schemas; the one picked is K's.
  const schema: z.ZodType | undefined = (await schemas)[schemaName]
  if (!schema) throw new Error(`No response schema ${schemaName}`)
  const result = schema.safeParse(body)
  if (!result.success) throw new ApiRequestError(500, 'schema_mismatch', `Unexpected response from ${path}`)
  return result.data as ResponseOf<K>
}

/**
 * GET a /api path and check the answer against its schema from @ludex/schemas, the same schema the
 * server validates with; a mismatch is an error, never silently used.
 */
export async function apiGet<K extends ResponseSchemaName>(
  path: string,
  schemaName: K,
  signal?: AbortSignal,
  /** The browser cache's part: 'reload' goes to the server and stores its answer (after an edit). */
  cache?: RequestCache,
): Promise<ResponseOf<K>> {
  // The schemas' chunk loads while the request is in flight (the first call fetches it, later ones
  // get the cached module).
  const schemas = loadSchemas(schemaName)
  const res = await apiFetch(path, {
    signal: signal ?? null,
    headers: { accept: 'application/json' },
    ...(cache && { cache }),
  })
  if (!res.ok) throw await requestError(res)
  return parsed(res, path, schemas, schemaName)
}

/** A dated series answer: the body, and where the period in progress starts (null: none in it). */
export interface Dated<T> {
  readonly body: T
  /** Epoch ms from X-Ludex-Partial-From: a bucket at or after it is in progress, not a whole period. */
  readonly partialFrom: number | null
}

/**
 * GET a dated series (stats, genre averages, platform CCU) with the header that marks its bucket in
 * progress, so charts draw it as such and records and averages leave it out.
 */
export async function apiGetDated<K extends ResponseSchemaName>(
  path: string,
  schemaName: K,
  signal?: AbortSignal,
): Promise<Dated<ResponseOf<K>>> {
  const schemas = loadSchemas(schemaName)
  const res = await apiFetch(path, { signal: signal ?? null, headers: { accept: 'application/json' } })
  if (!res.ok) throw await requestError(res)
  const partialFrom = partialFromMs(res.headers.get(PARTIAL_FROM_HEADER))
  return { body: await parsed(res, path, schemas, schemaName), partialFrom }
}

/**
 * A state-changing call (POST, PUT, DELETE) with a JSON body, answered with JSON checked against its
 * schema. The fetch is same-origin, so the browser sends the Origin the server's CSRF check expects and
 * the session cookie rides along. A non-success answer throws ApiRequestError with its status and body.
 */
export async function apiSend<K extends ResponseSchemaName>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schemaName: K,
  /** keepalive: the request outlives the page (a save sent while the tab closes). */
  options: { keepalive?: boolean } = {},
): Promise<ResponseOf<K>> {
  const schemas = loadSchemas(schemaName)
  const res = await apiFetch(path, {
    method,
    credentials: 'same-origin',
    ...(options.keepalive && { keepalive: true }),
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!res.ok) throw await requestError(res)
  return parsed(res, path, schemas, schemaName)
}
