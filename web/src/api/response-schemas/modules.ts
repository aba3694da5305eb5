import type { SchemaGroup } from './groups.ts'

/** Each group's module, imported on demand (a chunk of its own). */
export const SCHEMA_MODULES = {
  shell: () => import('./shell.ts'),
  browse: () => import('./browse.ts'),
  icons: () => import('./icons.ts'),
  signals: () => import('./signals.ts'),
  account: () => import('./account.ts'),
} satisfies Record<SchemaGroup, () => Promise<unknown>>

type Modules = { [G in SchemaGroup]: Awaited<ReturnType<(typeof SCHEMA_MODULES)[G]>> }

/** Every schema, by name (the modules' exports together). */
export type ResponseSchemas = Modules['shell'] &
  Modules['browse'] &
  Modules['icons'] &
  Modules['signals'] &
  Modules['account']
