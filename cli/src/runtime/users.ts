import { randomBytes, randomUUID } from 'node:crypto'
import { type AppDb, accountsStore, createPasswordHasher, type UserRecord } from '@ludex/api'
import { type Config, email as emailSchema, newPassword, type Role } from '@ludex/schemas'

export class UserCommandError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'UserCommandError'
  }
}

export interface CreateUserInput {
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly role: Role
  /** Omitted: a random password is generated and returned (shown once). */
  readonly password?: string
}

/**
 * `ludex user create`: an account that can sign in at once (its email counts as verified: the operator
 * vouches for it), e.g. the first admin. Audited as made from the command line.
 */
export async function createUserFromCli(
  db: AppDb,
  config: Config,
  input: CreateUserInput,
  now: () => number = Date.now,
): Promise<{ user: UserRecord; generatedPassword: string | null }> {
  const email = emailSchema.safeParse(input.email)
  if (!email.success) throw new UserCommandError(`'${input.email}' is not a valid email`)
  const generatedPassword = input.password === undefined ? randomBytes(12).toString('base64url') : null
  const password = input.password ?? (generatedPassword as string)
  const checked = newPassword.safeParse(password)
  if (!checked.success) throw new UserCommandError(checked.error.issues[0]?.message ?? 'Invalid password')
  const store = accountsStore(db)
  if (await store.users.findByEmail(email.data)) {
    throw new UserCommandError(
      `${email.data} already has an account (use 'ludex user role' to change its role)`,
    )
  }
  const hasher = createPasswordHasher({
    memoryKib: config.ARGON2_MEMORY_KIB,
    timeCost: config.ARGON2_TIME_COST,
    parallelism: config.ARGON2_PARALLELISM,
  })
  const user = await store.users.create({
    email: email.data,
    passwordHash: await hasher.hash(password),
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    emailVerified: true,
    analyticsId: randomUUID(),
    createdAt: new Date(now()),
  })
  await store.audit.record({
    at: new Date(now()),
    actorId: null,
    action: 'user.create_cli',
    target: `user:${user.id}`,
    details: { role: input.role },
    ip: null,
  })
  return { user, generatedPassword }
}

/** `ludex user role`: sets the role of the account with this email. */
export async function setUserRoleFromCli(
  db: AppDb,
  emailText: string,
  role: Role,
  now: () => number = Date.now,
): Promise<UserRecord> {
  const store = accountsStore(db)
  const user = await store.users.findByEmail(emailText)
  if (!user) throw new UserCommandError(`${emailText} has no account`)
  const updated = await store.users.setRoleKeepingAnAdmin(user.id, role)
  if (updated === 'last_admin') {
    throw new UserCommandError(`${user.email} is the last admin: make another admin first`)
  }
  if (!updated) throw new UserCommandError(`${emailText} has no account`)
  await store.audit.record({
    at: new Date(now()),
    actorId: null,
    action: 'user.role_change',
    target: `user:${user.id}`,
    details: { from: user.role, to: role, via: 'cli' },
    ip: null,
  })
  return updated
}
