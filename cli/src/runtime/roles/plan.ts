import type { SelectedBus, SelectedScheduler } from '../adapters.ts'

/**
 * The roles of the distributed shape (DESIGN §3): each can be its own process, and a process can host
 * several (`ludex sink --with poller,scheduler`). `ludex run` is all of them at once.
 */
export const ROLES = ['api', 'poller', 'scheduler', 'sink', 'materialiser', 'alerts'] as const
export type Role = (typeof ROLES)[number]

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}

/** A set of roles that cannot work together in one process with the adapters selected. */
export class RoleCombinationError extends Error {
  constructor(
    readonly roles: readonly Role[],
    /** One line per problem, each saying why and what would make it work. */
    readonly problems: readonly string[],
    options?: { cause?: unknown },
  ) {
    super(
      `${roles.length === 1 ? `Cannot run ${roles[0]} on its own` : `Cannot run ${roles.join(' + ')} together`}:\n` +
        problems.map((p) => `  - ${p}`).join('\n'),
      options,
    )
    this.name = 'RoleCombinationError'
  }
}

export interface RolePlan {
  readonly roles: readonly Role[]
  readonly has: (role: Role) => boolean
  /** Whether the sink nudges a materialiser in this process to read the insert log at once (it always logs). */
  readonly materialiseInProcess: boolean
}

export interface AdapterKinds {
  readonly bus: SelectedBus['kind']
  readonly scheduler: SelectedScheduler['kind']
}

export interface PlanOptions {
  /** The process publishes to the bus itself (a backfill), so a sink here has something to read. */
  readonly publishesHere?: boolean
}

/**
 * Checks that the roles make sense together with the adapters the configuration selects, before
 * anything starts. The in-process bus and scheduler exist only inside one process, so whatever talks
 * through them must share it: a poller needs its sink (and its scheduler) beside it unless Kafka (and
 * Redis) carry the messages (and the schedules) between processes. The materialiser, the API and the
 * alerts only need the analytics store (and the app database), so they can always run alone.
 */
export function planRoles(
  requested: readonly Role[],
  wiring: AdapterKinds,
  options: PlanOptions = {},
): RolePlan {
  const roles = ROLES.filter((r) => requested.includes(r))
  const has = (r: Role) => roles.includes(r)
  const problems: string[] = []
  if (wiring.bus === 'in-process') {
    if (has('poller') && !has('sink')) {
      problems.push(
        'the pollers publish to the in-process bus, a queue inside this process: a sink in another process ' +
          'could never read it. Add --with sink, or set KAFKA_BROKERS so the bus is shared.',
      )
    }
    if (has('sink') && !has('poller') && !options.publishesHere) {
      problems.push(
        'the sink would consume the in-process bus, a queue inside this process that pollers in other ' +
          'processes cannot reach: it would never receive anything. Add --with poller, or set KAFKA_BROKERS ' +
          'so the bus is shared.',
      )
    }
  }
  if (wiring.scheduler === 'in-process') {
    if (has('poller') && !has('scheduler')) {
      problems.push(
        'the in-process scheduler is timers inside one process, so the pollers need it beside them: ' +
          'add --with scheduler, or set REDIS_URL so BullMQ schedules them from another process.',
      )
    }
    if (has('scheduler') && !has('poller')) {
      problems.push(
        'the in-process scheduler can only start pollers in its own process, and there are none here: ' +
          'add --with poller, or set REDIS_URL so BullMQ hands the jobs to poller processes.',
      )
    }
  }
  if (roles.length === 0) problems.push(`no role given (roles: ${ROLES.join(', ')})`)
  if (problems.length > 0) throw new RoleCombinationError(roles, problems)
  // Every live sink writes the insert log before its batch is acknowledged, on any bus, so a range
  // survives a crash; a materialiser beside the sink is only nudged to read it at once.
  return { roles, has, materialiseInProcess: has('sink') && has('materialiser') }
}

/** Parses `--with a,b` into roles, naming an unknown one. */
export function parseRoleList(value: string): Role[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  for (const p of parts) {
    if (!isRole(p)) throw new UnknownRoleError(p)
  }
  return parts as Role[]
}

export class UnknownRoleError extends Error {
  constructor(readonly role: string) {
    super(`Unknown role '${role}' (roles: ${ROLES.join(', ')})`)
    this.name = 'UnknownRoleError'
  }
}
