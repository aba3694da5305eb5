/**
 * What this process really wired, part by part, recorded as each adapter is selected (never guessed
 * from the configuration): the start-up log line and `RoleProcess.wiring` report it.
 */
export type WiringPart =
  | 'analytics'
  | 'bus'
  | 'scheduler'
  | 'appDatabase'
  | 'mail'
  | 'cache'
  | 'rateLimits'
  | 'hostPacing'
  | 'egress'
  | 'tracker'
  | 'changeMemory'
  | 'tagTracking'
  | 'platform'
  | 'apiPublishes'
  | 'alerts'

export interface Wiring {
  record(part: WiringPart, kind: string): void
  snapshot(): Readonly<Partial<Record<WiringPart, string>>>
}

export function createWiring(): Wiring {
  const parts: Partial<Record<WiringPart, string>> = {}
  return {
    record: (part, kind) => {
      parts[part] = kind
    },
    snapshot: () => ({ ...parts }),
  }
}
