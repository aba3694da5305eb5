import type { Permission, Role } from '@ludex/schemas'
import type { Context } from 'koa'
import type { ResolvedSession } from '../accounts/auth-service.ts'

/**
 * Who is asking: a visitor, or a signed-in user with the role in effect (simulated while an admin
 * simulates) and its permissions. Every route reads only this; `account` is there for the account calls.
 */
export type Viewer =
  | { readonly kind: 'visitor' }
  | {
      readonly kind: 'user'
      readonly userId: number
      readonly role: Role
      readonly permissions: readonly Permission[]
      /** The stored user and the session the cookie named (absent for resolvers without sessions). */
      readonly account?: ResolvedSession
    }

export type ViewerResolver = (ctx: Context) => Promise<Viewer>

export const visitorsOnly: ViewerResolver = async () => ({ kind: 'visitor' })
