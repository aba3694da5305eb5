export * from './scheduling/scheduler.ts'
