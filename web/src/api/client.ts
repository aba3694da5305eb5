import type { z } from 'zod'

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
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  signal?: AbortSignal,
): Promise<ApiResult<z.output<S>>> {
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
  const parsed = schema.safeParse(await res.json())
  if (!parsed.success) throw new ApiRequestError(500, 'schema_mismatch', `Unexpected response from ${path}`)
  return { data: parsed.data, historyStart: res.headers.get('x-ludex-history-start') }
}
