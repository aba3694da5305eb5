import { ROLES, type Role, role as roleSchema } from '@ludex/schemas'
import { type Command, InvalidArgumentError } from 'commander'
import { openConfiguredAppDatabase } from '../runtime/accounts.ts'
import { commandContext } from '../runtime/context.ts'
import { createUserFromCli, setUserRoleFromCli } from '../runtime/users.ts'

function parseRole(value: string): Role {
  const parsed = roleSchema.safeParse(value)
  if (!parsed.success) throw new InvalidArgumentError(`must be one of ${ROLES.join(', ')}`)
  return parsed.data
}

export function userCommand(program: Command): void {
  const user = program.command('user').description('Manage accounts in the app database')
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
      async (opts: { email: string; firstName: string; lastName: string; role: Role; password?: string }) => {
        const { config, logger } = commandContext()
        const database = await openConfiguredAppDatabase(config, logger)
        try {
          const password = opts.password ?? process.env.LUDEX_USER_PASSWORD
          const { user: created, generatedPassword } = await createUserFromCli(database.db, config, {
            email: opts.email,
            firstName: opts.firstName,
            lastName: opts.lastName,
            role: opts.role,
            ...(password !== undefined && { password }),
          })
          console.log(`created user ${created.id} <${created.email}> with role ${created.role}`)
          if (generatedPassword) console.log(`generated password (shown once): ${generatedPassword}`)
        } finally {
          await database.close()
        }
      },
    )
  user
    .command('role')
    .description('Set the role of an existing account')
    .requiredOption('--email <email>', 'the account email')
    .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`, parseRole)
    .action(async (opts: { email: string; role: Role }) => {
      const { config, logger } = commandContext()
      const database = await openConfiguredAppDatabase(config, logger)
      try {
        const updated = await setUserRoleFromCli(database.db, opts.email, opts.role)
        console.log(`user ${updated.id} <${updated.email}> now has role ${updated.role}`)
      } finally {
        await database.close()
      }
    })
}
