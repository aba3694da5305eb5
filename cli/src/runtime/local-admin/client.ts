import {
  isLoopbackHost,
  LOCAL_ADMIN_PATHS,
  type LocalAdminCreateUser,
  type LocalAdminSetRole,
  localAdminError,
  localAdminRoleSet,
  localAdminUserCreated,
  type Role,
} from '@ludex/schemas'
import { type CreateUserInput, UserCommandError } from '../users.ts'
import { readLocalAdminFile } from './endpoint-file.ts'

/** The endpoint could not be used (unreachable, or it refused the call for another reason than the account). */
export class LocalAdminError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'LocalAdminError'
  }
}

export interface LocalAdminUser {
  readonly id: number
  readonly email: string
  readonly role: Role
}

/** The `ludex user` calls, made by the running process that holds the data dir. */
export interface LocalAdminClient {
  readonly url: string
  createUser(input: CreateUserInput): Promise<{ user: LocalAdminUser; generatedPassword: string | null }>
  setRole(email: string, role: Role): Promise<LocalAdminUser>
}

/**
 * The local admin endpoint of the process `holderPid`, from the data dir's endpoint file; null when it
 * serves none (a process without the API, or one that has not opened it yet). The token only ever goes
 * to a loopback address.
 */
export async function localAdminOf(dataDir: string, holderPid: number): Promise<LocalAdminClient | null> {
  const endpoint = await readLocalAdminFile(dataDir)
  if (!endpoint || endpoint.pid !== holderPid || !isLoopbackHost(new URL(endpoint.url).hostname)) return null
  const call = async <T>(path: string, body: unknown, parse: (v: unknown) => T): Promise<T> => {
    let res: Response
    try {
      res = await fetch(`${endpoint.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    } catch (cause) {
      throw new LocalAdminError(
        `cannot reach the local admin endpoint of pid ${holderPid} at ${endpoint.url}`,
        {
          cause,
        },
      )
    }
    const json: unknown = await res.json().catch(() => null)
    if (res.ok) return parse(json)
    const error = localAdminError.safeParse(json)
    const message = error.success ? error.data.error.message : `HTTP ${res.status}`
    // The account's own refusal (an email with an account already, the last admin…) reads as in the direct path.
    if (res.status === 409) throw new UserCommandError(message)
    throw new LocalAdminError(`the local admin endpoint of pid ${holderPid} refused the call: ${message}`)
  }
  return {
    url: endpoint.url,
    createUser: async (input) => {
      const body: LocalAdminCreateUser = {
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        role: input.role,
        ...(input.password !== undefined && { password: input.password }),
      }
      const created = await call(LOCAL_ADMIN_PATHS.createUser, body, (v) => localAdminUserCreated.parse(v))
      return { user: created.user, generatedPassword: created.generated_password }
    },
    setRole: async (email, role) => {
      const body: LocalAdminSetRole = { email, role }
      return (await call(LOCAL_ADMIN_PATHS.setRole, body, (v) => localAdminRoleSet.parse(v))).user
    },
  }
}
