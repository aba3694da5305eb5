import type { Readable } from 'node:stream'
import type { ExportTable, Permission } from '@ludex/schemas'
import type { Context } from 'koa'
import type { z } from 'zod'
import type { ApiDeps } from '../deps.ts'
import type { Viewer } from '../viewer/viewer.ts'
import { withExportFormat } from './export/format-param.ts'

export type Method = 'GET' | 'PUT' | 'POST' | 'DELETE'

export interface HandlerInput<P, Q, B> {
  readonly params: P
  readonly query: Q
  readonly body: B
  readonly viewer: Viewer
  readonly deps: ApiDeps
  /** The Koa context, for what the schema does not cover (Accept, response headers). */
  readonly ctx: Context
  /**
   * The body's bytes exactly as sent, for a `rawBody` call (which verifies them before parsing them
   * with `parseBodyBytes`); undefined for every other call, whose `body` is parsed already.
   */
  readonly rawBody: Buffer | undefined
}

/** A request header a call reads, as OpenAPI documents it (a header parameter). */
export interface RequestHeader {
  readonly description: string
  readonly required: boolean
  readonly pattern?: string
}

/** A header of a success answer, as OpenAPI documents it (a string value; never required). */
export interface ResponseHeader {
  readonly description: string
  /** The value's format (OpenAPI string formats), e.g. 'date-time'. */
  readonly format?: string
}

/** A JSON answer with another status than 200, its body checked against `otherResponses[status]`. */
export interface StatusResult {
  readonly kind: 'status'
  readonly status: number
  readonly body: unknown
}

/** A non-JSON answer (CSV, a file streamed from disk) or one with extra headers. */
export interface RawResult {
  readonly kind: 'raw'
  readonly contentType: string
  readonly body: string | Readable
  readonly headers?: Record<string, string>
  /** 304 when the handler answered a conditional request itself (its body is then not sent); default 200. */
  readonly status?: 200 | 304
}

/**
 * One API call: path, parameters, body and response schemas, cache policy and handler. The same
 * definition mounts the route, validates input (and output in tests) and writes its OpenAPI entry.
 */
export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  readonly method: Method
  /** OpenAPI form: '/api/place/{placeId}'. */
  readonly path: string
  readonly summary: string
  readonly description?: string
  /** The resource (one router, one OpenAPI tag). */
  readonly resource: string
  readonly params?: P
  /** A z.object of string inputs; keys outside it are refused with a 400 naming them. */
  readonly query?: Q
  readonly body?: B
  /**
   * The body is handed over as bytes (at most maxBytes, 413 beyond) instead of parsed: the call signs
   * or verifies the exact bytes before parsing them (`body` still documents them). POST /api/events.
   */
  readonly rawBody?: { readonly maxBytes: number }
  /** Request headers the call reads (documented as header parameters). */
  readonly requestHeaders?: Readonly<Record<string, RequestHeader>>
  /**
   * How a caller proves who it is besides the session cookie: 'gameKey' = a game key and an HMAC
   * signature in headers (events/signing.ts of @ludex/schemas). Documented as its security scheme.
   */
  readonly security?: 'gameKey'
  /** A body cap below the 1 MiB every call has (413 beyond it; documented with the 413). */
  readonly maxBodyBytes?: number
  readonly response: R
  /** Other content types the call can answer with (negotiated by the handler from Accept). */
  readonly alternativeContentTypes?: readonly string[]
  /**
   * 'user': a visitor gets 401 before anything else is read (parameters, body). 'staff': the same, and
   * a signed-in user whose role (in effect) is neither editor nor admin gets 403 (the staff tools that
   * no permission names, part 2 §2.1). A permission: a visitor gets 401 and a signed-in user whose role
   * (in effect) lacks it gets 403.
   */
  readonly requires?: 'user' | 'staff' | Permission
  /** Error statuses worth documenting besides 400 and 500 (401 and 403 are added for `requires`). */
  readonly errors?: readonly number[]
  /** Non-error answers with another status and shape (e.g. 428 with a token), by status. */
  readonly otherResponses?: Readonly<
    Record<number, { readonly description: string; readonly schema: z.ZodType }>
  >
  /** Headers a success answer may carry, documented in OpenAPI (name → what it says). */
  readonly responseHeaders?: Readonly<Record<string, ResponseHeader>>
  /**
   * The call also answers CSV (`format=csv`, or `Accept: text/csv`): its JSON answer as this table,
   * written by the shared CSV writer, as an attachment named from the call and its range. Such a call
   * takes the `format` query parameter (json or csv), added here for every one of them.
   */
  readonly csv?: (answer: z.output<R>) => ExportTable
  /** Seconds a public GET may be cached; 0 = no-store. A function decides from the parsed query. */
  readonly maxAgeSeconds?: number | ((query: z.output<Q>) => number)
  readonly handler: (
    input: HandlerInput<z.output<P>, z.output<Q>, z.output<B>>,
  ) => Promise<z.input<R> | RawResult | StatusResult>
}

/** Keeps each route's types checked against its own schemas while the list holds them all. */
export function defineRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(def: RouteDef<P, Q, B, R>): RouteDef {
  // A CSV-capable call takes `format` too: added here, so validation and OpenAPI see it as any parameter.
  if (!def.csv) return def as unknown as RouteDef
  return { ...def, query: withExportFormat(def.query) } as unknown as RouteDef
}

export function koaPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1')
}
