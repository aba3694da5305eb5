export { buildProgram } from './program.ts'
export {
  type AccountsRuntime,
  openConfiguredAppDatabase,
  pgliteDir,
  startAccounts,
} from './runtime/accounts.ts'
export { type BackfillSummary, backfill } from './runtime/backfill.ts'
export { type EmbeddedApp, type EmbeddedAppOptions, startEmbeddedApp } from './runtime/embedded-app.ts'
export { type Pipeline, startPipeline } from './runtime/stack.ts'
export { createUserFromCli, setUserRoleFromCli, UserCommandError } from './runtime/users.ts'
