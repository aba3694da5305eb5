import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AppDb } from '@ludex/api'
import {
  type ApiErrorBody,
  type Config,
  isLoopbackHost,
  LOCAL_ADMIN_PATHS,
  type LocalAdminRoleSet,
  type LocalAdminUserCreated,
  localAdminCreateUser,
  localAdminSetRole,
} from '@ludex/schemas'
import type { Logger } from 'pino'
import { createUserFromCli, setUserRoleFromCli, UserCommandError } from '../users.ts'
import { removeLocalAdminFile, writeLocalAdminFile } from './endpoint-file.ts'

/** The only address it listens on: the endpoint is never on a port another machine can reach. */
export const LOCAL_ADMIN_HOST = '127.0.0.1'

/** A request body larger than this is refused (the calls carry an email, two names and a password). */
const MAX_BODY_BYTES = 16 * 1024

export interface LocalAdminServer {
  readonly url: string
  stop(): Promise<void>
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.error.message)
    this.name = 'Refusal'
  }
}

const refuse = (status: number, code: string, message: string, details?: ApiErrorBody['error']['details']) =>
  new Refusal(status, { error: { code, message, ...(details && { details }) } })

const digest = (text: string) => createHash('sha256').update(text).digest()

/** A constant-time comparison of the bearer token with the secret (hashed first: equal lengths). */
function authorised(req: IncomingMessage, secret: Buffer): boolean {
  const header = req.headers.authorization ?? ''
  const match = /^Bearer (\S+)$/.exec(header)
  return match !== null && timingSafeEqual(digest(match[1] as string), secret)
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES)
      throw refuse(413, 'payload_too_large', `The body exceeds ${MAX_BODY_BYTES} bytes`)
    chunks.push(chunk as Buffer)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw refuse(400, 'invalid_request', 'The body is not JSON')
  }
}

/** The part of a zod schema used here (zod itself is the schemas package's dependency). */
interface Schema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } }
}

function parse<T>(schema: Schema<T>, value: unknown): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const details = parsed.error.issues.map((i) => ({
    field: i.path.map(String).join('.') || 'body',
    message: i.message,
  }))
  throw refuse(400, 'invalid_request', `Invalid ${details[0]?.field}: ${details[0]?.message}`, details)
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

export interface LocalAdminOptions {
  readonly db: AppDb
  readonly config: Config
  readonly logger: Logger
  readonly now?: () => number
}

/**
 * The request handler: loopback peers only (403), the bearer token (401), then the call. What the
 * `ludex user` commands do, on this process's own app database, so the running app sees the result.
 */
export function localAdminHandler(
  token: string,
  options: LocalAdminOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const secret = digest(token)
  const { db, config, logger } = options
  const now = options.now ?? Date.now
  const handle = async (req: IncomingMessage): Promise<[number, unknown]> => {
    if (!isLoopbackHost(req.socket.remoteAddress ?? '')) {
      throw refuse(403, 'forbidden', 'The local admin endpoint answers this machine only')
    }
    if (!authorised(req, secret)) {
      throw refuse(401, 'unauthorized', 'A bearer token from the data dir is required')
    }
    const path = (req.url ?? '').split('?', 1)[0]
    if (req.method !== 'POST') throw refuse(405, 'method_not_allowed', 'Only POST')
    if (path === LOCAL_ADMIN_PATHS.createUser) {
      const input = parse(localAdminCreateUser, await readJson(req))
      const { user, generatedPassword } = await createUserFromCli(
        db,
        config,
        {
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          role: input.role,
          ...(input.password !== undefined && { password: input.password }),
        },
        now,
      )
      logger.info({ userId: user.id, role: user.role }, 'user created through the local admin endpoint')
      const body: LocalAdminUserCreated = {
        user: { id: user.id, email: user.email, role: user.role },
        generated_password: generatedPassword,
      }
      return [201, body]
    }
    if (path === LOCAL_ADMIN_PATHS.setRole) {
      const input = parse(localAdminSetRole, await readJson(req))
      const user = await setUserRoleFromCli(db, input.email, input.role, now)
      logger.info({ userId: user.id, role: user.role }, 'role set through the local admin endpoint')
      const body: LocalAdminRoleSet = { user: { id: user.id, email: user.email, role: user.role } }
      return [200, body]
    }
    throw refuse(404, 'not_found', 'No such call')
  }
  return (req, res) => {
    handle(req).then(
      ([status, body]) => send(res, status, body),
      (err: unknown) => {
        if (err instanceof Refusal) return send(res, err.status, err.body)
        if (err instanceof UserCommandError) {
          return send(res, 409, { error: { code: 'refused', message: err.message } } satisfies ApiErrorBody)
        }
        logger.error({ err }, 'local admin call failed')
        send(res, 500, { error: { code: 'internal', message: 'The call failed' } } satisfies ApiErrorBody)
      },
    )
  }
}

/**
 * The local admin endpoint of a process that holds the data dir and has the app database: on
 * 127.0.0.1, a port of the kernel's choosing, a fresh random token; both are written to the data dir's
 * endpoint file (0600), which `ludex user` reads. Never on PORT: the public server knows nothing of it.
 * Stopping removes the file, then closes the server.
 */
export async function startLocalAdmin(
  dataDir: string,
  options: LocalAdminOptions,
): Promise<LocalAdminServer> {
  const token = randomBytes(32).toString('base64url')
  const server = createServer(localAdminHandler(token, options))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, LOCAL_ADMIN_HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${LOCAL_ADMIN_HOST}:${port}`
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  try {
    await writeLocalAdminFile(dataDir, { pid: process.pid, url, token })
  } catch (err) {
    await close()
    throw err
  }
  options.logger.info({ url }, 'local admin endpoint listening (loopback, token in the data dir)')
  return {
    url,
    stop: async () => {
      await removeLocalAdminFile(dataDir, process.pid)
      await close()
    },
  }
}
