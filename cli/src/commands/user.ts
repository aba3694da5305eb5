import { ROLES, type Role, role as roleSchema } from '@ludex/schemas'
import { type Command, InvalidArgumentError } from 'commander'
import { commandContext } from '../runtime/context.ts'
import { type UserTarget, withUserTarget } from '../runtime/user-target.ts'
import { createUserFromCli, setUserRoleFromCli } from '../runtime/users.ts'
import { withRefusals } from './refusals.ts'

function parseRole(value: string): Role {
  const parsed = roleSchema.safeParse(value)
  if (!parsed.success) throw new InvalidArgumentError(`must be one of ${ROLES.join(', ')}`)
  return parsed.data
}

/** Said after the result when the running process made the change. */
const through = (target: UserTarget) =>
  target.kind === 'live' ? ` (through the running ${target.holder.command}, pid ${target.holder.pid})` : ''

export function userCommand(program: Command): void {
  const user = program
    .command('user')
    .description(
      'Manage accounts in the app database (while `ludex run` or `ludex api` holds the data dir, through that process)',
    )
  user
    .command('create')
    .description('Create an account that can sign in at once (e.g. the first admin: --role admin)')
    .requiredOption('--email <email>', 'the account email')
    .option('--first-name <name>', 'first name', 'Ludex')
    .option('--last-name <name>', 'last name', 'Admin')
    .option('--role <role>', `one of ${ROLES.join(', ')}`, parseRole, 'viewer' as Role)
    .option(
      '--password <password>',
      'the password (else LUDEX_USER_PASSWORD, else one is generated and shown)',
    )
    .action(
      withRefusals(
        'user create',
        async (opts: {
          email: string
          firstName: string
          lastName: string
          role: Role
          password?: string
        }) => {
          const { config, logger } = commandContext()
          const password = opts.password ?? process.env.LUDEX_USER_PASSWORD
          const input = {
            email: opts.email,
            firstName: opts.firstName,
            lastName: opts.lastName,
            role: opts.role,
            ...(password !== undefined && { password }),
          }
          await withUserTarget(config, logger, 'ludex user create', async (target) => {
            const { user: created, generatedPassword } =
              target.kind === 'live'
                ? await target.admin.createUser(input)
                : await createUserFromCli(target.db, config, input)
            console.log(
              `created user ${created.id} <${created.email}> with role ${created.role}${through(target)}`,
            )
            if (generatedPassword) console.log(`generated password (shown once): ${generatedPassword}`)
          })
        },
      ),
    )
  user
    .command('role')
    .description('Set the role of an existing account')
    .requiredOption('--email <email>', 'the account email')
    .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`, parseRole)
    .action(
      withRefusals('user role', async (opts: { email: string; role: Role }) => {
        const { config, logger } = commandContext()
        await withUserTarget(config, logger, 'ludex user role', async (target) => {
          const updated =
            target.kind === 'live'
              ? await target.admin.setRole(opts.email, opts.role)
              : await setUserRoleFromCli(target.db, opts.email, opts.role)
          console.log(`user ${updated.id} <${updated.email}> now has role ${updated.role}${through(target)}`)
        })
      }),
    )
}
