// zod schemas of the constants beside them, in their own module so that code importing only a
// constant (the web app's first load) does not pull zod in.
import { z } from 'zod'
import { PERMISSIONS, ROLES, USER_TYPES } from './users.ts'

export const userType = z.enum(USER_TYPES)
export const role = z.enum(ROLES)
export const permission = z.enum(PERMISSIONS)
