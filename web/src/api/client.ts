import type { z } from 'zod'

type ResponseSchemas = typeof import('./response-schemas.ts')
/** The name of a response schema in response-schemas.ts. */
export type ResponseSchemaName = keyof ResponseSchemas

const loadSchemas = () => import('./response-schemas.ts')

/** A non-success answer of the API: the status drives the error page (404 vs the generic one). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'ApiRequestError'
  }
}

export interface ApiResult<T> {
  readonly data: T
  /** Set when the server clamped a visitor's history (X-Ludex-History-Start). */
  readonly historyStart: string | null
}

/**
 * GET a /api path and check the answer against its schema from @ludex/schemas, the same schema the
 * server validates with; a mismatch is an error, never silently used.
 */
export async function apiGet<K extends ResponseSchemaName>(
  path: string,
  schemaName: K,
  signal?: AbortSignal,
): Promise<ApiResult<z.output<ResponseSchemas[K]>>> {
  // The schemas' chunk loads while the request is in flight (the first call fetches it, later ones
  // get the cached module).
  const schemas = loadSchemas()
  const res = await fetch(path, { signal: signal ?? null, headers: { accept: 'application/json' } })
  if (!res.ok) {
    let code = 'http_error'
    let message = `${res.status} ${res.statusText}`
    try {
      const body = (await res.json()) as { error?: { code?: string; message?: string } }
      code = body.error?.code ?? code
      message = body.error?.message ?? message
    } catch {
      // Not the JSON envelope (a proxy's page): keep the status text.
    }
    throw new ApiRequestError(res.status, code, message)
  }
  const body: unknown = await res.json()
  // Indexing the module by a generic key widens to the union of schemas; the one picked is K's.
  const schema: z.ZodType = (await schemas)[schemaName]
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new ApiRequestError(500, 'schema_mismatch', `Unexpected response from ${path}`)
  return {
    data: parsed.data as z.output<ResponseSchemas[K]>,
    historyStart: res.headers.get('x-ludex-history-start'),
  }
}
