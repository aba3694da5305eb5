export { buildProgram } from './program.ts'
export {
  type AccountsRuntime,
  openConfiguredAppDatabase,
  pgliteDir,
  startAccounts,
} from './runtime/accounts.ts'
export {
  type SchedulerDuties,
  type SelectedBus,
  type SelectedScheduler,
  selectBus,
  selectedKinds,
  selectScheduler,
} from './runtime/adapters.ts'
export { type BackfillSummary, backfill } from './runtime/backfill.ts'
export { type EmbeddedApp, type EmbeddedAppOptions, startEmbeddedApp } from './runtime/embedded-app.ts'
export {
  JobNotRunnableHereError,
  type RoleProcess,
  type RoleProcessOptions,
  startRoles,
} from './runtime/role-process.ts'
export { planRoles, ROLES, type Role, RoleCombinationError, type RolePlan } from './runtime/roles.ts'
export {
  openSharedState,
  type SharedState,
  SharedStateError,
  type SharedStateOptions,
} from './runtime/shared-state.ts'
export { type Pipeline, startPipeline } from './runtime/stack.ts'
export { createUserFromCli, setUserRoleFromCli, UserCommandError } from './runtime/users.ts'
