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
export {
  type ApiBenchResult,
  benchApi,
  type TargetCase,
  type TargetFigures,
  targetBenchLines,
  targetCases,
} from './runtime/api-bench.ts'
export { type BackfillSummary, type BackfillTarget, backfill } from './runtime/backfill.ts'
export { type BenchFill, readBenchFill } from './runtime/bench-fill.ts'
export { type CommandContext, commandContext } from './runtime/context.ts'
export { processCpuMs } from './runtime/cpu-time.ts'
export {
  CREDENTIALS_KEY_FILE,
  CredentialsKeyError,
  decodeCredentialsKey,
  loadCredentialsKey,
} from './runtime/credentials-key.ts'
export {
  acquireDataDirLock,
  DataDirInUseError,
  type DataDirLock,
  LOCK_FILE,
  readDataDirLock,
} from './runtime/data-dir/lock.ts'
export { type LazyPublisher, lazyPublisher } from './runtime/event-publisher.ts'
export {
  type HistoryChunk,
  type NewestFirstPlan,
  newestFirstPlan,
  nextChunk,
  OLDER_CHUNK_DAYS,
  RECENT_DAYS,
} from './runtime/first-start/chunks.ts'
export { type FillOptions, fillNewestFirst, type NewestFirstTarget } from './runtime/first-start/fill.ts'
export type { BackfillOutcome, FirstStartBackfill } from './runtime/first-start/first-start.ts'
export {
  BACKFILL_STATE_KEY,
  type BackfillState,
  type FillingRecord,
  readBackfillState,
} from './runtime/first-start/state.ts'
export {
  createLifecycle,
  type Lifecycle,
  type ShutdownReport,
  ShutdownStartedError,
} from './runtime/lifecycle/lifecycle.ts'
export { LOCAL_ADMIN_FILE, readLocalAdminFile } from './runtime/local-admin/endpoint-file.ts'
export { type Pipeline, startPipeline } from './runtime/pipeline.ts'
export {
  type RoleProcess,
  type RoleRunOptions,
  type RunProcess,
  startRoles,
  startRun,
} from './runtime/role-process.ts'
export { planRoles, ROLES, type Role, RoleCombinationError, type RolePlan } from './runtime/roles/plan.ts'
export {
  openSharedState,
  type SharedState,
  SharedStateError,
  type SharedStateOptions,
} from './runtime/shared-state.ts'
export { createUserFromCli, setUserRoleFromCli, UserCommandError } from './runtime/users.ts'
