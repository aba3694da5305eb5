import { createHash } from 'node:crypto'
import Router from '@koa/router'
import { csvText, type ExportFormat, isStaffRole } from '@ludex/schemas'
import type Koa from 'koa'
import type { ApiDeps } from '../deps.ts'
import type { ViewerResolver } from '../viewer/viewer.ts'
import { ApiError } from './api-error.ts'
import { answerEncoding, EncodedBytes, sendEncoded } from './encoded-answer.ts'
import { attachmentDisposition, CSV_TYPE, csvFileName, wantsCsv } from './export/csv-answer.ts'
import { readBodyBytes, readJsonBody } from './json-body.ts'
import { koaPath, type RawResult, type RouteDef, type StatusResult } from './route.ts'
import { parseQuery, parseWith } from './validate.ts'

export interface MountOptions {
  readonly deps: ApiDeps
  readonly viewer: ViewerResolver
  /** Check every JSON response against its schema (tests; a mismatch is a 500 and a log line). */
  readonly validateResponses?: boolean
  /** Called with each route and response body that passed validation (the OpenAPI test's record). */
  readonly onValidResponse?: (route: RouteDef, status: number) => void
}

function isRaw(value: unknown): value is RawResult {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'raw'
}

function isStatus(value: unknown): value is StatusResult {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'status'
}

function etagOf(text: string): string {
  return `W/"${createHash('sha1').update(text).digest('base64url')}"`
}

/** Whether the address is also a path of a route with fewer parameters (koa-router's `ctx.matched`). */
function shadowedByLiteralPath(ctx: Koa.Context, paramCount: number): boolean {
  const matched = (ctx as { matched?: readonly { paramNames: readonly unknown[] }[] }).matched ?? []
  return matched.some((layer) => layer.paramNames.length < paramCount)
}

/** One router per resource, each route validating its input and, in tests, its output. */
export function mountRoutes(app: Koa, routes: readonly RouteDef[], options: MountOptions): void {
  const routers = new Map<string, Router>()
  // The JSON, ETag and compressed bytes of answers that are one kept object (a cached value served
  // again, such as the slim list): written once while the object lives, not on every request. Kept
  // values are never mutated.
  const serialized = new WeakMap<
    object,
    { readonly text: string; readonly encoded: EncodedBytes; readonly etag: string }
  >()
  for (const route of routes) {
    let router = routers.get(route.resource)
    if (!router) {
      router = new Router()
      routers.set(route.resource, router)
    }
    const method = route.method.toLowerCase() as 'get' | 'put' | 'post' | 'delete'
    const paramCount = route.path.match(/\{\w+\}/g)?.length ?? 0
    router[method](route.path, koaPath(route.path), async (ctx, next) => {
      // A literal path is its own resource (/api/place/list is not the place 'list'): a route with
      // parameters leaves such an address to it, or to the 405 of allowedMethods when the literal path
      // does not take this method.
      if (paramCount > 0 && shadowedByLiteralPath(ctx, paramCount)) return next()
      const viewer = await options.viewer(ctx)
      if (route.requires) {
        if (viewer.kind !== 'user') throw new ApiError(401, 'unauthenticated', 'Sign in to use this call')
        if (route.requires === 'staff') {
          if (!isStaffRole(viewer.role))
            throw new ApiError(403, 'forbidden', 'This call is for editors and admins')
        } else if (route.requires !== 'user' && !viewer.permissions.includes(route.requires)) {
          throw new ApiError(403, 'forbidden', `This call needs the ${route.requires} permission`)
        }
      }
      const params = parseWith(route.params, ctx.params) ?? {}
      const query = parseQuery(route.query, ctx.query)
      let body: unknown
      let rawBody: Buffer | undefined
      if (route.rawBody) rawBody = await readBodyBytes(ctx, route.rawBody.maxBytes)
      else if (route.method !== 'GET')
        body = parseWith(route.body, await readJsonBody(ctx, route.maxBodyBytes), 'body')
      const result = await route.handler({ params, query, body, viewer, deps: options.deps, ctx, rawBody })

      if (isStatus(result)) {
        const schema = route.otherResponses?.[result.status]?.schema
        if (!schema) throw new Error(`${route.method} ${route.path} answered an undeclared ${result.status}`)
        if (options.validateResponses && !schema.safeParse(result.body).success) {
          throw new Error(
            `Response ${result.status} of ${route.method} ${route.path} does not match its schema`,
          )
        }
        ctx.status = result.status
        ctx.type = 'application/json; charset=utf-8'
        ctx.body = JSON.stringify(result.body)
      } else if (isRaw(result)) {
        ctx.type = result.contentType
        for (const [k, v] of Object.entries(result.headers ?? {})) ctx.set(k, v)
        if (result.status === 304) ctx.status = 304
        else ctx.body = result.body
        // A raw answer that states its own caching (the embeds' max-age to the next slot) keeps it.
        if (result.headers?.['Cache-Control']) {
          options.onValidResponse?.(route, ctx.status)
          return
        }
      } else {
        if (options.validateResponses) {
          const checked = route.response.safeParse(result)
          if (!checked.success) {
            throw new Error(`Response of ${route.method} ${route.path} does not match its schema`, {
              cause: checked.error,
            })
          }
        }
        // The CSV is the same answer, written as a table: the visitor window and headers are the JSON's.
        const csv = route.csv && wantsCsv(ctx, (query as { format?: ExportFormat }).format)
        const written =
          !csv && typeof result === 'object' && result !== null ? serialized.get(result) : undefined
        const text = csv ? csvText(route.csv(result)) : (written?.text ?? JSON.stringify(result))
        ctx.type = csv ? `${CSV_TYPE}; charset=utf-8` : 'application/json; charset=utf-8'
        if (csv) {
          ctx.set(
            'Content-Disposition',
            attachmentDisposition(
              csvFileName(route.path, params as Record<string, unknown>, query, route.query),
            ),
          )
        }
        if (route.method === 'GET') {
          const etag = written?.etag ?? etagOf(text)
          if (!csv && !written && typeof result === 'object' && result !== null) {
            serialized.set(result, { text, encoded: new EncodedBytes(Buffer.from(text)), etag })
          }
          ctx.set('ETag', etag)
          if (ctx.get('If-None-Match') === etag) {
            ctx.status = 304
            applyCacheControl(ctx, route, viewer.kind, query)
            return
          }
        }
        // A kept answer's bytes are encoded once too, and compressed once per encoding (the slim list:
        // half a megabyte per request); the first answer of an object goes through koa-compress.
        const encoding = written ? answerEncoding(ctx, written.encoded.bytes.length) : null
        if (written && encoding) await sendEncoded(ctx, written.encoded, encoding)
        else ctx.body = written?.encoded.bytes ?? text
      }
      applyCacheControl(ctx, route, viewer.kind, query)
      options.onValidResponse?.(route, ctx.status)
    })
  }
  // A known path with another method is answered after every router (allowed-methods.ts).
  for (const router of routers.values()) app.use(router.routes())
}

function applyCacheControl(
  ctx: Koa.Context,
  route: RouteDef,
  viewer: 'visitor' | 'user',
  query: unknown,
): void {
  const maxAge = typeof route.maxAgeSeconds === 'function' ? route.maxAgeSeconds(query) : route.maxAgeSeconds
  if (route.method !== 'GET' || !maxAge) {
    ctx.set('Cache-Control', 'no-store')
    return
  }
  // Signed-in users see more history than visitors: their answers are theirs alone.
  ctx.set('Cache-Control', `${viewer === 'user' ? 'private' : 'public'}, max-age=${maxAge}`)
  ctx.set('Vary', 'Cookie, Accept, Accept-Encoding')
}
