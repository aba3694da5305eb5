export { type ApiAppOptions, createApiApp } from './app/create-app.ts'
export { listen, type RunningServer } from './app/server.ts'
export type { Readiness, ReadinessCheck, ReadinessProbe } from './health/readiness.ts'
