import { z } from 'zod'
import { apiError } from '../api/errors.ts'
import { role } from '../constants/users-schema.ts'

/**
 * The lock file of LUDEX_DATA_DIR, written by the one process that holds its embedded stores (chDB,
 * PGlite). `pid` with `process_start` names that process even after its pid is reused: a lock whose
 * process is gone, or whose pid now belongs to a process started at another time, is stale.
 */
export const dataDirLockRecord = z.object({
  pid: z.number().int().positive(),
  /** The kernel's start time of the process (Linux: clock ticks since boot); null where unknown. */
  process_start: z.string().nullable(),
  /** When the process started, ISO 8601 (for people). */
  started_at: z.string(),
  host: z.string(),
  /** The command that holds the data dir, e.g. `ludex run`. */
  command: z.string(),
  /** This acquisition, so a release removes only its own lock. */
  id: z.string(),
})
export type DataDirLockRecord = z.infer<typeof dataDirLockRecord>

/**
 * Where the holder's local admin endpoint answers (loopback only) and the secret it takes: a file in
 * the data dir that only its owner can read (0600), so only the local user who runs Ludex can use it.
 */
export const localAdminEndpoint = z.object({
  pid: z.number().int().positive(),
  url: z.url(),
  token: z.string().min(32).max(256),
})
export type LocalAdminEndpoint = z.infer<typeof localAdminEndpoint>

/** The calls of the local admin endpoint (`ludex user` while another process holds the data dir). */
export const LOCAL_ADMIN_PATHS = { createUser: '/users', setRole: '/users/role' } as const

/** Bounds only: the account rules (a valid email, a long enough password) are checked where the user is made. */
export const localAdminCreateUser = z.object({
  email: z.string().max(254),
  first_name: z.string().max(100),
  last_name: z.string().max(100),
  role,
  /** Omitted: the running process generates one and answers it once. */
  password: z.string().max(1024).optional(),
})
export type LocalAdminCreateUser = z.infer<typeof localAdminCreateUser>

export const localAdminSetRole = z.object({ email: z.string().max(254), role })
export type LocalAdminSetRole = z.infer<typeof localAdminSetRole>

export const localAdminUser = z.object({ id: z.number().int(), email: z.string(), role })

export const localAdminUserCreated = z.object({
  user: localAdminUser,
  generated_password: z.string().nullable(),
})
export type LocalAdminUserCreated = z.infer<typeof localAdminUserCreated>

export const localAdminRoleSet = z.object({ user: localAdminUser })
export type LocalAdminRoleSet = z.infer<typeof localAdminRoleSet>

/** Errors use the /api envelope. */
export const localAdminError = apiError
